import { PageHeader } from "@/components/layout/page-header";
import { ReviewPanel } from "@/features/admin/components/review-panel";
import { RequireAdmin } from "@/features/auth/components/require-admin";
import { SourceSummaryLine } from "@/features/sources/components/source-summary-line";
import { useViewer } from "../../use-viewer";

export default function AdminReviewRoute() {
  const viewer = useViewer();
  return (
    <RequireAdmin>
      <section>
        <PageHeader title="Admin review">New posts and edit suggestions waiting for a decision.</PageHeader>
        <ReviewPanel renderSourceSummary={(postId) => <SourceSummaryLine postId={String(postId)} viewer={viewer} />} />
      </section>
    </RequireAdmin>
  );
}
