import { PageHeader } from "@/components/layout/page-header";
import { LinkHealth } from "@/features/admin/components/link-health";
import { RequireAdmin } from "@/features/auth/components/require-admin";

export default function AdminLinkHealthRoute() {
  return (
    <RequireAdmin may="readLinkHealth">
      <section>
        <PageHeader title="Link health">Dead and moved links across the archive, newest problem first, with the posts that cite them.</PageHeader>
        <LinkHealth />
      </section>
    </RequireAdmin>
  );
}
