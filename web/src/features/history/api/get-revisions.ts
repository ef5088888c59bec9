import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";

/** How a revision came about. */
export type RevisionKind = "approval" | "suggestion" | "admin_edit";

/** One entry of a post's history (GET /api/posts/{id}/revisions). */
export type Revision = {
  id: number;
  post_id: number;
  kind: RevisionKind;
  /** Whose words: the post's author (approval) or the suggester; null for an admin's edit. */
  author_name: string | null;
  /** The suggestion's summary or the admin's note; null while the content is hidden, except for admins. */
  reason: string | null;
  /** The fields that differ from the revision before (every field for the first). */
  changed_fields: string[];
  /** An admin hid its fields and reason from everyone but admins. */
  content_hidden: boolean;
  created_at: string;
};

export type RevisionPage = {
  post: { id: number; title: string };
  /** Newest first, each with the fields it changed. */
  revisions: (Revision & { changed_fields: string[] })[];
  nextCursor: string | null;
};

const pageSize = 20;

/** GET /api/posts/{id}/revisions: one page of a post's history, newest first. */
export function getRevisions(postId: string, cursor?: string, signal?: AbortSignal): Promise<RevisionPage> {
  return api.get<RevisionPage>(`/api/posts/${encodeURIComponent(postId)}/revisions`, { query: { limit: pageSize, cursor }, signal });
}

/** A post's history, a page at a time ("Show older revisions"). */
export function useRevisions(postId: string, viewer: Viewer) {
  return useInfiniteQuery({
    queryKey: queryKeys.postRevisions(postId, viewer),
    queryFn: ({ signal, pageParam }) => getRevisions(postId, pageParam || undefined, signal),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: isKnownViewer(viewer),
  });
}
