import { Button } from "@/components/ui/button";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { anonViewer, type Viewer } from "@/lib/query-keys";
import { type FollowKind, useFollowState } from "../api/get-follow-state";
import { useSetFollow } from "../api/set-follow";

type Props = {
  kind: FollowKind;
  /** The post's id, the tag, or the author's id. */
  id: string | number;
  viewer: Viewer;
  /** The button's accessible name, which says what it follows: "Follow this post", "Follow #history", "Follow Ada Lovelace". */
  label: string;
};

/**
 * Follow / Following: a toggle (aria-pressed) for a signed-in member; its
 * name stays the same whichever its state, as a toggle's should. Visitors
 * get nothing: there is nothing to follow without an account.
 */
export function FollowButton({ kind, id, viewer, label }: Props) {
  const state = useFollowState(kind, id, viewer);
  const change = useSetFollow({
    mutationConfig: { onError: (error) => notify.error(apiErrorDetail(error) ?? "That did not work. Please try again in a moment.") },
  });
  if (viewer === anonViewer || !state.data) return null;
  const following = change.isPending ? !state.data.following : state.data.following;
  return (
    <Button
      variant={following ? "primary" : "secondary"}
      size="small"
      aria-label={label}
      aria-pressed={following}
      aria-busy={change.isPending || undefined}
      onClick={() => {
        if (!change.isPending) change.mutate({ kind, id, following: !state.data.following, viewer });
      }}
    >
      {following ? "Following" : "Follow"}
    </Button>
  );
}
