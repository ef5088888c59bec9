import { queryKeys, type Viewer } from "@/lib/query-keys";
import type { MyPost } from "../types";
import { useMyList } from "../hooks/use-my-list";

/** GET /api/me/posts: the signed-in user's own posts, newest first, in every state, a page at a time. */
export function useMyPosts(viewer: Viewer) {
  return useMyList<"posts", MyPost>(queryKeys.myPosts(viewer), "/me/posts", "posts");
}
