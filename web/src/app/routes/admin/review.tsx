import { PageHeader } from "@/components/layout/page-header";
import { ReviewPanel } from "@/features/admin/components/review-panel";
import { RequireAdmin } from "@/features/auth/components/require-admin";
import { TeamWelcome } from "@/features/auth/components/team-welcome";
import { SourceSummaryLine } from "@/features/sources/components/source-summary-line";
import { useViewer } from "../../use-viewer";

export default function AdminReviewRoute() {
  const viewer = useViewer();
  return (
    <RequireAdmin may="review">
      <section>
        <TeamWelcome />
        <PageHeader title="Admin review">New posts and edit suggestions waiting for a decision.</PageHeader>
        <ReviewPanel renderSourceSummary={(postId) => <SourceSummaryLine postId={String(postId)} viewer={viewer} />} />
      </section>
    </RequireAdmin>
  );
}
