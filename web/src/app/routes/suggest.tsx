import { PageHeader } from "@/components/layout/page-header";
import { SignInPrompt } from "@/components/ui/sign-in-prompt";
import { PageSpinner } from "@/components/ui/spinner";
import { ClosedNote } from "@/features/auth/components/closed-note";
import { useAuthModals } from "@/features/auth/hooks/use-auth-modals";
import { useCanTakePart } from "@/features/auth/hooks/use-can-take-part";
import { useSession } from "@/features/auth/hooks/use-session";
import { SuggestionForm } from "@/features/suggestions/components/suggestion-form";

/** /suggest and /suggestion (SPEC §2). */
export default function SuggestRoute() {
  const session = useSession();
  const modals = useAuthModals();
  const { standing } = useCanTakePart();
  return (
    <section>
      <PageHeader title="Suggest" />
      {session.status === "loading" ? (
        <PageSpinner />
      ) : session.status === "signed-out" ? (
        <SignInPrompt onSignUp={() => modals.open("sign-up")} onSignIn={() => modals.open("sign-in")}>
          You need an account to submit a suggestion.
        </SignInPrompt>
      ) : standing ? (
        <ClosedNote standing={standing} action="send suggestions" />
      ) : (
        <SuggestionForm user={session.user} />
      )}
    </section>
  );
}
