import { PageHeader } from "@/components/layout/page-header";
import { ReviewPanel } from "@/features/admin/components/review-panel";
import { RequireAdmin } from "@/features/auth/components/require-admin";

export default function AdminReviewRoute() {
  return (
    <RequireAdmin>
      <section>
        <PageHeader title="Admin review">New posts and edit suggestions waiting for a decision.</PageHeader>
        <ReviewPanel />
      </section>
    </RequireAdmin>
  );
}
