import { PageHeader } from "@/components/layout/page-header";
import { MembersOnly } from "@/features/auth/components/members-only";
import { SuggestionForm } from "@/features/suggestions/components/suggestion-form";

/** /suggest and /suggestion (SPEC §2). */
export default function SuggestRoute() {
  return (
    <section>
      <PageHeader title="Suggest" />
      <MembersOnly signedOutText="You need an account to submit a suggestion." action="send suggestions">
        {(user) => <SuggestionForm user={user} />}
      </MembersOnly>
    </section>
  );
}
