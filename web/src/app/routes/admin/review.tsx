import { PageHeader } from "@/components/layout/page-header";
import { RequireAdmin } from "@/features/auth/components/require-admin";
import styles from "../placeholder.module.css";

// Placeholder behind the real admin gate: the review panel belongs to a later issue.
export default function AdminReviewRoute() {
  return (
    <RequireAdmin>
      <section>
        <PageHeader title="Admin review" />
        <p className={styles.note}>This section of the archive is being prepared.</p>
      </section>
    </RequireAdmin>
  );
}
