import { PageHeader } from "@/components/layout/page-header";
import { PageSpinner } from "@/components/ui/spinner";
import { SignInPrompt } from "@/components/ui/sign-in-prompt";
import { ClosedNote } from "@/features/auth/components/closed-note";
import { useAuthModals } from "@/features/auth/hooks/use-auth-modals";
import { useCanTakePart } from "@/features/auth/hooks/use-can-take-part";
import { useIsAdmin } from "@/features/auth/hooks/use-is-admin";
import { useSession } from "@/features/auth/hooks/use-session";
import { CreatePostForm } from "@/features/create-post/components/create-post-form";

export default function CreatePostRoute() {
  const session = useSession();
  const { isAdmin } = useIsAdmin();
  const modals = useAuthModals();
  const { standing } = useCanTakePart();

  return (
    <section>
      <PageHeader title="Create post" />
      {session.status === "loading" ? (
        <PageSpinner />
      ) : session.status === "signed-out" ? (
        <SignInPrompt onSignUp={() => modals.open("sign-up")} onSignIn={() => modals.open("sign-in")}>
          You need an account to create a post. Every post is reviewed before it appears, typically within 24-48 hours.
        </SignInPrompt>
      ) : standing ? (
        // A form that could only fail is not offered; the banner above says until when and why.
        <ClosedNote standing={standing} action="create posts" />
      ) : (
        <CreatePostForm key={session.user.id} userId={session.user.id} isAdmin={isAdmin} />
      )}
    </section>
  );
}
