import { PageHeader } from "@/components/layout/page-header";
import { SignInPrompt } from "@/components/ui/sign-in-prompt";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuthModals } from "@/features/auth/hooks/use-auth-modals";
import { useSession } from "@/features/auth/hooks/use-session";
import { SuggestionForm } from "@/features/suggestions/components/suggestion-form";

/** /suggest and /suggestion (SPEC §2). */
export default function SuggestRoute() {
  const session = useSession();
  const modals = useAuthModals();
  return (
    <section>
      <PageHeader title="Suggest" />
      {session.status === "loading" ? (
        <PageSpinner />
      ) : session.status === "signed-out" ? (
        <SignInPrompt onSignUp={() => modals.open("sign-up")} onSignIn={() => modals.open("sign-in")}>
          You need an account to submit a suggestion.
        </SignInPrompt>
      ) : (
        <SuggestionForm user={session.user} />
      )}
    </section>
  );
}
