import { Score } from "@/components/score/score";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { getAccessToken } from "@/lib/supabase";
import type { VoteType } from "@/types/api";
import { useVote, type VoteTarget } from "../api/vote";
import { nextVote } from "../utils/vote-counts";
import styles from "./vote-control.module.css";

export type VoteControlProps = {
  target: VoteTarget;
  id: number;
  /** The post itself, or the post the comment belongs to. */
  postId: number;
  /** The counts as cached: useVote changes them there at once. */
  upvotes: number;
  downvotes: number;
  userVote: VoteType;
  /** Whether someone is signed in; when omitted, the stored session is checked on click. */
  signedIn?: boolean;
  /** Opens the sign-in modal (offered to visitors in the 'Please sign in to vote.' message). */
  onSignIn?: () => void;
  size?: "md" | "small";
};

export const voteMessages = {
  signedOut: "Please sign in to vote.",
  tooFast: "Please wait before voting again.",
  failed: "Failed to register vote.",
  exception: "An error occurred while voting.",
};

/** Up / down vote with the score (SPEC §4, §8); the same vote again clears it. */
export function VoteControl({ target, id, postId, upvotes, downvotes, userVote, signedIn, onSignIn, size = "md" }: VoteControlProps) {
  const askToSignIn = () => notify.error(voteMessages.signedOut, onSignIn ? { action: { label: "Log in", onClick: onSignIn } } : {});
  const vote = useVote({
    postId,
    mutationConfig: {
      onError: (error) => {
        if (!(error instanceof ApiError)) notify.error(voteMessages.exception);
        else if (error.status === 401) askToSignIn();
        else if (error.status === 429) notify.error(error.message && error.message !== "Too Many Requests" ? error.message : voteMessages.tooFast);
        // A refusal the member can act on (a suspension says until when) is the server's to word.
        else if (error.status === 403 && error.message !== "Forbidden") notify.error(error.message);
        else notify.error(voteMessages.failed);
      },
    },
  });

  const click = async (clicked: "up" | "down") => {
    if (vote.isPending) return;
    if (!(signedIn ?? Boolean(await getAccessToken()))) return askToSignIn();
    vote.mutate({ target, id, voteType: nextVote(userVote, clicked) });
  };

  const noun = target === "post" ? "post" : "comment";
  return (
    <div className={`${styles.control} ${size === "small" ? styles.small : ""}`} role="group" aria-label={`Vote on this ${noun}`} data-print="hide" aria-busy={vote.isPending || undefined}>
      <VoteButton direction="up" pressed={userVote === "up"} count={upvotes} onClick={() => void click("up")} />
      <Score upvotes={upvotes} downvotes={downvotes} variant="vote" className={styles.score} />
      <VoteButton direction="down" pressed={userVote === "down"} count={downvotes} onClick={() => void click("down")} />
    </div>
  );
}

const labels = {
  up: { icon: "▲", name: "Upvote", undo: "Remove upvote" },
  down: { icon: "▼", name: "Downvote", undo: "Remove downvote" },
};

function VoteButton({ direction, pressed, count, onClick }: { direction: "up" | "down"; pressed: boolean; count: number; onClick: () => void }) {
  const label = labels[direction];
  return (
    <button
      type="button"
      className={`${styles.button} ${styles[direction]}`}
      aria-pressed={pressed}
      aria-label={pressed ? label.undo : label.name}
      title={label.name}
      onClick={onClick}
    >
      <span aria-hidden="true">{label.icon}</span>
      <span className={styles.count}>{count}</span>
    </button>
  );
}
