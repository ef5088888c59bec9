import { PageHeader } from "@/components/layout/page-header";
import { ReviewPanel } from "@/features/admin/components/review-panel";
import { RequireAdmin } from "@/features/auth/components/require-admin";
import { TeamWelcome } from "@/features/auth/components/team-welcome";
import { SourceSummaryLine } from "@/features/sources/components/source-summary-line";

export default function AdminReviewRoute() {
  return (
    <RequireAdmin may="review">
      <section>
        <TeamWelcome />
        <PageHeader title="Review">New posts, edit suggestions and reports waiting for the moderators.</PageHeader>
        <ReviewPanel renderSourceSummary={(sources) => <SourceSummaryLine sources={sources} />} />
      </section>
    </RequireAdmin>
  );
}
