import type { SuspendedAuthorsAnswer } from "@shared/api/moderation.ts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** An item of a post's page (the post, a comment) whose author is suspended now. */
export type SuspendedAuthor = SuspendedAuthorsAnswer["authors"][number];

/** GET /api/admin/posts/{id}/suspended-authors: the suspended authors of a post and its comments. */
export function getSuspendedAuthors(postId: number, signal?: AbortSignal): Promise<SuspendedAuthor[]> {
  return api.get<SuspendedAuthorsAnswer>(`/admin/posts/${postId}/suspended-authors`, { signal }).then((data) => data.authors);
}

/** One request for a whole post page (every button of the page shares it); refetched after any admin action. */
export function useSuspendedAuthors(postId: number | null) {
  return useQuery({
    queryKey: queryKeys.suspendedAuthors(postId ?? 0),
    queryFn: ({ signal }) => getSuspendedAuthors(postId!, signal),
    enabled: postId !== null,
  });
}
