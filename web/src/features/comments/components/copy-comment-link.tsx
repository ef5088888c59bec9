import { LinkIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import { copyText } from "@/lib/copy-text";
import styles from "./comments-section.module.css";

/** The absolute address of one comment: its post's page, scrolled to it. */
export const commentPermalink = (postId: number, commentId: number) => new URL(paths.postComment(postId, commentId), window.location.origin).href;

/** "Copy link": puts the comment's permalink on the clipboard; where the browser refuses, the toast shows the link to copy by hand. */
export function CopyCommentLink({ postId, commentId }: { postId: number; commentId: number }) {
  const copy = () => {
    const url = commentPermalink(postId, commentId);
    void copyText(url, { copied: "Link copied", failed: `Could not copy the link. Copy it from here: ${url}` });
  };
  return (
    // Beside the comment's time, the icon alone: the actions below keep to one line on a phone.
    <button type="button" className={styles.copyLink} onClick={copy} title="Copy link">
      <LinkIcon size={16} />
      <span className="visually-hidden">Copy link</span>
    </button>
  );
}
