import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { Comment, CommentSort } from "@/types/api";

export function useComments(postId: number | string, sort: CommentSort, viewer: Viewer) {
  return useQuery({
    queryKey: queryKeys.comments(postId, sort, viewer),
    enabled: isKnownViewer(viewer),
    queryFn: ({ signal }) => api.get<{ comments: Comment[] }>(`/api/posts/${encodeURIComponent(String(postId))}/comments`, { query: { sort }, signal }),
    select: (data) => data.comments,
  });
}
