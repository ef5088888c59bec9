import type { MyFollows } from "@shared/api/follows.ts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys, type Viewer } from "@/lib/query-keys";

export type { MyFollows };

/** GET /api/me/follows: the posts, tags and authors the member follows, newest first. */
export function getMyFollows(signal?: AbortSignal): Promise<MyFollows> {
  return api.get<MyFollows>("/api/me/follows", { signal });
}

export function useMyFollows(viewer: Viewer) {
  return useQuery({ queryKey: queryKeys.myFollows(viewer), queryFn: ({ signal }) => getMyFollows(signal) });
}
