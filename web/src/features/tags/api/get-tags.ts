import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { TagCount } from "@/types/api";

/** GET /api/tags: every tag of a published post with its count, most used first. */
export function getTags(signal?: AbortSignal): Promise<TagCount[]> {
  // Without the token: the answer is the same for everyone, so a visitor's cached one serves.
  return api.get<{ tags: TagCount[] }>("/api/tags", { signal, auth: false }).then((body) => body.tags);
}

// The same for everyone: not keyed by viewer.
export const tagsQueryOptions = () => queryOptions({ queryKey: queryKeys.tags, queryFn: ({ signal }) => getTags(signal) });

export function useTags() {
  return useQuery(tagsQueryOptions());
}
