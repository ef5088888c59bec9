import { PageHeader } from "@/components/layout/page-header";
import { UserSuggestionsList } from "@/features/admin/components/user-suggestions-list";
import { RequireAdmin } from "@/features/auth/components/require-admin";

export default function AdminSuggestionsRoute() {
  return (
    <RequireAdmin may="readSuggestions">
      <section>
        <PageHeader title="User suggestions">General suggestions sent by members, newest first.</PageHeader>
        <UserSuggestionsList />
      </section>
    </RequireAdmin>
  );
}
