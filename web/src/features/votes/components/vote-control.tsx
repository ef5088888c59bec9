import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { queryKeys } from "@/lib/query-keys";
import { getAccessToken } from "@/lib/supabase";
import type { VoteType } from "@/types/api";
import type { VoteTarget } from "../api/vote";
import { applyVote, nextVote, type VoteCounts } from "../utils/vote-counts";
import styles from "./vote-control.module.css";

export type VoteControlProps = {
  target: VoteTarget;
  id: number;
  /** The post the comment belongs to (for target "comment"), or the post itself. */
  postId?: number;
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

/** Up / down vote with the score (SPEC §4, §8): toggles, adjusts at once and rolls back on failure. */
export function VoteControl({ target, id, postId, upvotes, downvotes, userVote, signedIn, onSignIn, size = "md" }: VoteControlProps) {
  const queryClient = useQueryClient();
  const [counts, setCounts] = useState<VoteCounts>({ upvotes, downvotes, userVote });
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  // Follow fresh server data when not in the middle of a vote.
  useEffect(() => {
    if (!busyRef.current) setCounts({ upvotes, downvotes, userVote });
  }, [upvotes, downvotes, userVote]);

  const vote = async (clicked: "up" | "down") => {
    if (busyRef.current) return;
    const isSignedIn = signedIn ?? Boolean(await getAccessToken());
    if (!isSignedIn) {
      notify.error(voteMessages.signedOut, onSignIn ? { action: { label: "Log in", onClick: onSignIn } } : {});
      return;
    }
    const before = counts;
    const next = nextVote(before.userVote, clicked);
    busyRef.current = true;
    setBusy(true);
    setCounts(applyVote(before, next));
    try {
      // The request code (with its zod schema) loads on the first vote, not with every post page.
      const { castVote } = await import("../api/vote");
      const result = await castVote(target, id, next);
      setCounts({ upvotes: result.upvotes, downvotes: result.downvotes, userVote: result.user_vote });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      if (target === "comment" && postId !== undefined) void queryClient.invalidateQueries({ queryKey: queryKeys.commentsOf(postId) });
    } catch (error) {
      setCounts(before);
      if (error instanceof ApiError) {
        if (error.status === 401) {
          notify.error(voteMessages.signedOut, onSignIn ? { action: { label: "Log in", onClick: onSignIn } } : {});
        } else if (error.status === 429) {
          notify.error(error.message && error.message !== "Too Many Requests" ? error.message : voteMessages.tooFast);
        } else {
          notify.error(voteMessages.failed);
        }
      } else {
        notify.error(voteMessages.exception);
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const score = counts.upvotes - counts.downvotes;
  const noun = target === "post" ? "post" : "comment";
  return (
    <div className={`${styles.control} ${size === "small" ? styles.small : ""}`} role="group" aria-label={`Vote on this ${noun}`} aria-busy={busy || undefined}>
      <button
        type="button"
        className={`${styles.button} ${styles.up}`}
        aria-pressed={counts.userVote === "up"}
        aria-label={counts.userVote === "up" ? "Remove upvote" : "Upvote"}
        title="Upvote"
        onClick={() => void vote("up")}
      >
        <span aria-hidden="true">▲</span>
        <span className={styles.count}>{counts.upvotes}</span>
      </button>
      <span className={`${styles.score} ${score < 0 ? styles.negative : styles.positive}`} aria-label={`Score ${score}`} data-testid="vote-score">
        {score}
      </span>
      <button
        type="button"
        className={`${styles.button} ${styles.down}`}
        aria-pressed={counts.userVote === "down"}
        aria-label={counts.userVote === "down" ? "Remove downvote" : "Downvote"}
        title="Downvote"
        onClick={() => void vote("down")}
      >
        <span aria-hidden="true">▼</span>
        <span className={styles.count}>{counts.downvotes}</span>
      </button>
    </div>
  );
}
