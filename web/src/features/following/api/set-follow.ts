import { useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys, type Viewer } from "@/lib/query-keys";
import { type FollowKind, followPath, type FollowState } from "./get-follow-state";

export type SetFollowInput = { kind: FollowKind; id: string | number; following: boolean; viewer: Viewer };

/** PUT (follow) or DELETE (stop) /api/follows/{kind}/{id} → { following }. */
export function setFollow({ kind, id, following }: SetFollowInput): Promise<FollowState> {
  return following ? api.put<FollowState>(followPath(kind, id)) : api.delete<FollowState>(followPath(kind, id));
}

/** Follows or stops; the button shows the server's answer and the account page's list is fetched again. */
export function useSetFollow({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setFollow> } = {}) {
  return useMutationWithCacheWork(
    setFollow,
    (queryClient, answer, { kind, id, viewer }) => {
      queryClient.setQueryData(queryKeys.followState(kind, id, viewer), answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.myFollows(viewer) });
    },
    mutationConfig,
  );
}
