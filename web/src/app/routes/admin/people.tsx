import { PageHeader } from "@/components/layout/page-header";
import { LastBackup } from "@/features/admin/components/last-backup";
import { PeopleList } from "@/features/admin/components/people-list";
import { RequireAdmin } from "@/features/auth/components/require-admin";

export default function AdminPeopleRoute() {
  return (
    <RequireAdmin may="managePeople">
      <section>
        <PageHeader title="People">Every account: who they are, their role and standing. Invite moderators and admins here.</PageHeader>
        <LastBackup />
        <PeopleList />
      </section>
    </RequireAdmin>
  );
}
