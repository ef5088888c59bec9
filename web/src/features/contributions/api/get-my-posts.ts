import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys, type Viewer } from "@/lib/query-keys";
import type { MyPost } from "../types";

/** GET /api/me/posts: the signed-in user's own posts, newest first, in every state. */
export function getMyPosts(signal?: AbortSignal): Promise<MyPost[]> {
  return api.get<{ posts: MyPost[] }>("/me/posts", { signal }).then((data) => data.posts);
}

export const myPostsQueryOptions = (viewer: Viewer) =>
  queryOptions({ queryKey: queryKeys.myPosts(viewer), queryFn: ({ signal }) => getMyPosts(signal), staleTime: 0 });

export function useMyPosts(viewer: Viewer) {
  return useQuery(myPostsQueryOptions(viewer));
}
