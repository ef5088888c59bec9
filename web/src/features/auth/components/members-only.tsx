import type { ReactNode } from "react";
import { SignInPrompt } from "@/components/ui/sign-in-prompt";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuthModals } from "../hooks/use-auth-modals";
import { useCanTakePart } from "../hooks/use-can-take-part";
import { useSession, type AuthUser } from "../hooks/use-session";
import { ClosedNote } from "./closed-note";

export type MembersOnlyProps = {
  /** Why a visitor should sign in, above the prompt's buttons. */
  signedOutText: ReactNode;
  /** What a suspended member cannot do ("create posts"), for the closed note. */
  action: string;
  /** The page's form, for a member who may take part. */
  children: (user: AuthUser) => ReactNode;
};

/**
 * A page that only members use (Create post, Suggest): a visitor gets the
 * sign-in prompt, a member who cannot take part the closed note (a form that
 * could only fail is not offered; the banner above says until when and why).
 */
export function MembersOnly({ signedOutText, action, children }: MembersOnlyProps) {
  const session = useSession();
  const modals = useAuthModals();
  const { standing } = useCanTakePart();
  if (session.status === "loading") return <PageSpinner />;
  if (session.status === "signed-out") {
    return (
      <SignInPrompt onSignUp={() => modals.open("sign-up")} onSignIn={() => modals.open("sign-in")}>
        {signedOutText}
      </SignInPrompt>
    );
  }
  if (standing) return <ClosedNote standing={standing} action={action} />;
  return children(session.user);
}
