import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { EditSuggestion, InfoBox, ModerationLogEntry, Post, UserSuggestion } from "@/types/api";

/**
 * A pending post as GET /api/admin/pending-posts answers: the post with its
 * info boxes, and the version approval sends back (a post changed since is 409).
 */
export type PendingPost = Post & { info_boxes?: Omit<InfoBox, "id">[]; version?: string };

export type PostAction = "approve" | "reject";
export type PostToggle = "pin" | "unpin" | "mark_important" | "unmark_important";

type Message = { message?: string };

export function usePendingPosts() {
  return useQuery({
    queryKey: queryKeys.pendingPosts,
    queryFn: ({ signal }) => api.get<{ posts: PendingPost[] }>("/admin/pending-posts", { signal }).then((data) => data.posts ?? []),
    staleTime: 0,
  });
}

export function usePendingEditSuggestions() {
  return useQuery({
    queryKey: queryKeys.pendingEditSuggestions,
    queryFn: ({ signal }) =>
      api.get<{ suggestions: EditSuggestion[] }>("/admin/suggestions/pending", { signal }).then((data) => data.suggestions ?? []),
    staleTime: 0,
  });
}

/** General suggestions, newest first. */
export function useUserSuggestions() {
  return useQuery({
    queryKey: queryKeys.userSuggestions,
    queryFn: ({ signal }) =>
      api
        .get<{ suggestions: UserSuggestion[] }>("/admin/suggestions", { signal })
        .then((data) => sortNewestFirst(data.suggestions ?? [])),
    staleTime: 0,
  });
}

export function sortNewestFirst(suggestions: readonly UserSuggestion[]): UserSuggestion[] {
  const time = (value: string) => {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? 0 : parsed;
  };
  return [...suggestions].sort((a, b) => time(b.timestamp) - time(a.timestamp));
}

export const MODERATION_LOG_PAGE = 25;

export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: queryKeys.moderationLog,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<{ entries: ModerationLogEntry[]; nextCursor: string | null }>("/admin/moderation-log", {
        signal,
        query: { limit: MODERATION_LOG_PAGE, cursor: pageParam },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

/** After any admin action: the admin lists and every post answer are stale. */
function useRefreshAfterAction() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
      queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
    ]);
}

export function usePostReview() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationFn: ({ id, action, version }: { id: number; action: PostAction; version?: string }) =>
      api.post<Message>(`/admin/posts/${id}/${action}`, action === "approve" && version ? { version } : undefined),
    onSettled: refresh,
  });
}

export function useSuggestionReview() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: PostAction }) => api.post<Message>(`/admin/suggestions/${id}/${action}`),
    onSettled: refresh,
  });
}

export function useUpdatePost() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: FormData }) => api.put<{ post: Post }>(`/posts/${id}`, form),
    onSuccess: refresh,
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/posts/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.postDetail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    },
  });
}

export function usePostToggle() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationFn: ({ id, toggle }: { id: number; toggle: PostToggle }) => api.post<Message & { post?: Post }>(`/posts/${id}/${toggle}`),
    onSuccess: refresh,
  });
}

export function useDeleteComment(postId: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete<Message>(`/comments/${commentId}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.commentsOf(postId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
      ]),
  });
}

/** SPEC §8 'Error: ' messages: the server's detail for an API error, else the fallback. */
export function errorDetail(error: unknown): string | null {
  return error instanceof ApiError ? error.message : null;
}
