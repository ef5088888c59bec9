import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Notice } from "@/components/ui/notice";
import { paths } from "@/config/paths";
import { submittedPostId } from "@/lib/submitted-post";

/** On arrival after sending a post: what happens to it now, and where to follow it. */
export function SubmissionNotice() {
  const location = useLocation();
  const [dismissed, setDismissed] = useState<number | null>(null);
  const postId = submittedPostId(location.state);
  if (postId === null || dismissed === postId) return null;
  return (
    <Notice tone="success" title="Thank you! Your post is in the review queue." onDismiss={() => setDismissed(postId)}>
      <p>
        An admin reviews every post before it appears, typically within 24-48 hours. Follow it in{" "}
        <Link to={paths.me}>My contributions</Link>; until it is reviewed, you can still edit or withdraw it from its page.
      </p>
    </Notice>
  );
}
