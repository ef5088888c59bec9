import { PageHeader } from "@/components/layout/page-header";
import { MembersOnly } from "@/features/auth/components/members-only";
import { useIsAdmin } from "@/features/auth/hooks/use-is-admin";
import { CreatePostForm } from "@/features/create-post/components/create-post-form";

export default function CreatePostRoute() {
  const { isAdmin } = useIsAdmin();

  return (
    <section>
      <PageHeader title="Create post" />
      <MembersOnly
        signedOutText="You need an account to create a post. Every post is reviewed before it appears, typically within 24-48 hours."
        action="create posts"
      >
        {(user) => <CreatePostForm key={user.id} userId={user.id} isAdmin={isAdmin} />}
      </MembersOnly>
    </section>
  );
}
