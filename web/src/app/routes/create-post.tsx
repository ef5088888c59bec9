import { PageHeader } from "@/components/layout/page-header";
import { MembersOnly } from "@/features/auth/components/members-only";
import { CreatePostForm } from "@/features/create-post/components/create-post-form";
import { useAuthorization } from "@/lib/authorization";

export default function CreatePostRoute() {
  const { can } = useAuthorization();

  return (
    <section>
      <PageHeader title="Create post" />
      <MembersOnly
        signedOutText="You need an account to create a post. Every post is reviewed before it appears, typically within 24-48 hours."
        action="create posts"
      >
        {(user) => <CreatePostForm key={user.id} userId={user.id} exemptFromCooldown={can.skipCooldowns} />}
      </MembersOnly>
    </section>
  );
}
