import type { MineAnswer } from "@shared/api/mine.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { anonViewer, isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";

/** What on a post is the viewer's own: the post itself, and the ids of their comments on it. */
export type Ownership = MineAnswer;

const nothingOwned: Ownership = { post: false, comments: [] };

/** GET /api/posts/{id}/mine (members only: a visitor owns nothing). */
export function getOwnership(postId: string | number, signal?: AbortSignal): Promise<Ownership> {
  return api.get<Ownership>(`/api/posts/${encodeURIComponent(String(postId))}/mine`, { signal });
}

export const ownershipQueryOptions = (postId: string | number, viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.ownership(postId, viewer),
    queryFn: ({ signal }) => getOwnership(postId, signal),
    enabled: isKnownViewer(viewer) && viewer !== anonViewer,
  });

/** Whether the post and each comment are the viewer's own (nothing while unknown, and for visitors). */
export function useOwnership(postId: string | number, viewer: Viewer) {
  const { data = nothingOwned } = useQuery(ownershipQueryOptions(postId, viewer));
  return { ownsPost: data.post, ownsComment: (commentId: number) => data.comments.includes(commentId) };
}
