import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useEditFeedback } from "@/hooks/use-edit-feedback";
import type { Comment } from "@/types/api";
import { useUpdateComment } from "../api/update-comment";
import styles from "./comment-form.module.css";

export type CommentEditFormProps = {
  comment: Comment;
  /** Called once the new words are saved, or on Cancel. */
  onDone: () => void;
};

/** The author's own comment in a box to change it: Save sends the new words, Cancel keeps the old ones. */
export function CommentEditForm({ comment, onDone }: CommentEditFormProps) {
  const inputId = useId();
  const [text, setText] = useState(comment.content);
  // On failure the words stay in the box; the server's message says what to change.
  const feedback = useEditFeedback({ saved: "Your comment is updated.", done: onDone, fallback: "An error occurred while saving the comment." });
  const update = useUpdateComment({ mutationConfig: feedback.mutationConfig });
  const unchanged = text.trim() === comment.content.trim();

  const submit = () => {
    if (!text.trim() || unchanged || update.isPending) return;
    feedback.clear();
    update.mutate({ commentId: comment.id, postId: comment.post_id, content: text });
  };

  return (
    <form
      className={styles.form}
      aria-label="Edit your comment"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className={styles.srOnly}>
        Edit your comment
      </label>
      <textarea
        id={inputId}
        className={styles.input}
        rows={3}
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone();
        }}
      />
      {feedback.error && (
        <p role="alert" className={styles.error}>
          {feedback.error}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="ghost" size="small" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="small" disabled={!text.trim() || unchanged} isLoading={update.isPending} loadingText="Saving...">
          Save
        </Button>
      </div>
    </form>
  );
}
