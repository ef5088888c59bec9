import { PageHeader } from "@/components/layout/page-header";
import { ModerationLog } from "@/features/admin/components/moderation-log";
import { RequireAdmin } from "@/features/auth/components/require-admin";

export default function AdminModerationLogRoute() {
  return (
    <RequireAdmin may="readModerationLog">
      <section>
        <PageHeader title="Moderation log">Recent admin actions: who did what to which post, and when.</PageHeader>
        <ModerationLog />
      </section>
    </RequireAdmin>
  );
}
