import { PageHeader } from "@/components/layout/page-header";
import { RequireAdmin } from "@/features/auth/components/require-admin";
import styles from "../placeholder.module.css";

// Placeholder behind the real admin gate: the suggestions list belongs to a later issue.
export default function AdminSuggestionsRoute() {
  return (
    <RequireAdmin>
      <section>
        <PageHeader title="User suggestions" />
        <p className={styles.note}>This section of the archive is being prepared.</p>
      </section>
    </RequireAdmin>
  );
}
