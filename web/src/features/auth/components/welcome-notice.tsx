import { useState } from "react";
import { Link } from "react-router";
import { Notice } from "@/components/ui/notice";
import { paths } from "@/config/paths";
import { useSession } from "../hooks/use-session";
import { arrivedFromSignupConfirmation } from "../utils/arrival";

/** After the link in the sign-up e-mail: the new member is told their address is confirmed and what they can do now. */
export function WelcomeNotice() {
  const session = useSession();
  const [open, setOpen] = useState(arrivedFromSignupConfirmation);
  if (!open || session.status !== "signed-in") return null;
  const name = session.user.firstName;
  return (
    <Notice tone="success" title={name ? `Welcome, ${name}! Your e-mail address is confirmed.` : "Welcome! Your e-mail address is confirmed."} onDismiss={() => setOpen(false)}>
      <p>
        You are signed in. Browse <Link to={paths.allPosts}>all posts</Link>, join a conversation in the comments, or{" "}
        <Link to={paths.createPost}>create a post</Link>: every post is reviewed before it appears, typically within 24-48 hours.
      </p>
    </Notice>
  );
}
