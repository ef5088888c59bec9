import { useQuery } from "@tanstack/react-query";
import type { MyWithdrawnPost } from "@shared/api/me.ts";
import { api } from "@/lib/api-client";
import type { Viewer } from "@/lib/query-keys";

/** GET /api/me/withdrawn-posts: the posts the user withdrew before review (title and dates only), most recently withdrawn first. */
export function useMyWithdrawnPosts(viewer: Viewer) {
  return useQuery({
    // Under "me", so withdrawing a post (which refetches everything of the user's) refetches it too.
    queryKey: ["me", "withdrawn-posts", viewer],
    queryFn: ({ signal }) => api.get<{ posts: MyWithdrawnPost[] }>("/api/me/withdrawn-posts", { signal }).then((body) => body.posts),
    staleTime: 0,
  });
}
