import { useId, useState } from "react";
import { MarkdownTabs } from "@/components/markdown/markdown-tabs";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useCreateComment } from "../api/create-comment";
import styles from "./comment-form.module.css";
import { CommentMarkdown, commentFormattingHelp } from "./comment-markdown";

/** SPEC §8. */
const COMMENT_COOLDOWN_MESSAGE = "Please wait 1 minute before commenting again.";

export type CommentFormProps = {
  postId: number;
  /** Set for a reply (one level deep). */
  parentId?: number | null;
  /** Called after the comment was posted (or on Cancel of a reply). */
  onDone?: () => void;
  /** Whether someone is signed in. Visitors see a prompt instead of the input. */
  signedIn: boolean;
  /** Opens the sign-in modal for visitors. */
  onSignIn?: () => void;
  onSignUp?: () => void;
  autoFocus?: boolean;
};

function failureMessage(error: Error): string {
  if (!(error instanceof ApiError)) return "An error occurred while posting the comment.";
  return error.status === 429 ? COMMENT_COOLDOWN_MESSAGE : `Error: ${error.message}`;
}

/** The comment / reply input (SPEC §2, §5, §8). */
export function CommentForm({ postId, parentId = null, onDone, signedIn, onSignIn, onSignUp, autoFocus }: CommentFormProps) {
  const inputId = useId();
  const [text, setText] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const isReply = parentId !== null;
  const create = useCreateComment({
    mutationConfig: {
      onSuccess: () => {
        setText("");
        onDone?.();
      },
      // The text stays in the box.
      onError: (error) => {
        const text = failureMessage(error);
        setMessage(text);
        if (error instanceof ApiError && error.status === 401 && onSignIn) notify.error(text, { action: { label: "Log in", onClick: onSignIn } });
        else notify.error(text);
      },
    },
  });
  const busy = create.isPending;

  if (!signedIn) {
    return (
      <p className={styles.prompt}>
        {onSignIn ? (
          <>
            <button type="button" className={styles.link} onClick={onSignIn}>
              Log in
            </button>
            {onSignUp && (
              <>
                {" or "}
                <button type="button" className={styles.link} onClick={onSignUp}>
                  sign up
                </button>
              </>
            )}{" "}
            to {isReply ? "reply" : "join the conversation"}.
          </>
        ) : (
          <>Please sign in to {isReply ? "reply" : "comment"}.</>
        )}
      </p>
    );
  }

  const submit = () => {
    if (!text.trim() || create.isPending) return;
    setMessage(null);
    create.mutate({ postId, content: text, parentId });
  };

  const label = isReply ? "Write a reply" : "Add a comment";
  return (
    <form
      className={`${styles.form} ${isReply ? styles.reply : ""}`}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <MarkdownTabs
        label={
          <label htmlFor={inputId} className={styles.srOnly}>
            {label}
          </label>
        }
        source={text}
        renderPreview={(source) => <CommentMarkdown source={source} />}
        previewLabel={isReply ? "Reply preview" : "Comment preview"}
        groupLabel={isReply ? "Reply view" : "Comment view"}
        previewSize="small"
        help={commentFormattingHelp}
      >
        <textarea
          id={inputId}
          className={styles.input}
          rows={isReply ? 2 : 3}
          value={text}
          placeholder={isReply ? "Write a reply…" : "Share your thoughts…"}
          autoFocus={autoFocus}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
        />
      </MarkdownTabs>
      {message && (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      )}
      <div className={styles.actions}>
        {isReply && onDone && (
          <Button variant="ghost" size="small" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="small" disabled={!text.trim() || busy} isLoading={busy} loadingText="Posting...">
          {isReply ? "Reply" : "Post Comment"}
        </Button>
      </div>
    </form>
  );
}
