import type { FollowKind, FollowState } from "@shared/api/follows.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { anonViewer, isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";

export type { FollowKind, FollowState };

/** The path of one followable thing: /api/follows/{kind}/{id}, the tag encoded as a path segment. */
export const followPath = (kind: FollowKind, id: string | number) => `/api/follows/${kind}/${encodeURIComponent(String(id))}`;

/** GET /api/follows/{kind}/{id} → { following }: the viewer's own answer, never a visitor's cached one. */
export function getFollowState(kind: FollowKind, id: string | number, signal?: AbortSignal): Promise<FollowState> {
  return api.get<FollowState>(followPath(kind, id), { signal });
}

export const followStateQueryOptions = (kind: FollowKind, id: string | number, viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.followState(kind, id, viewer),
    queryFn: ({ signal }) => getFollowState(kind, id, signal),
    enabled: isKnownViewer(viewer) && viewer !== anonViewer,
  });

/** Whether the signed-in viewer follows it; visitors follow nothing (no request). */
export function useFollowState(kind: FollowKind, id: string | number, viewer: Viewer) {
  return useQuery(followStateQueryOptions(kind, id, viewer));
}
