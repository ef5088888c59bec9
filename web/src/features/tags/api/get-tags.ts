import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TagIndexAnswer } from "@shared/api/tags.ts";
import { api } from "@/lib/api-client";
import { withPrefetched } from "@/lib/prefetch";
import { queryKeys } from "@/lib/query-keys";
import type { TagCount } from "@/types/api";
import { tagsUrl } from "./request-urls";

/** GET /api/tags: every tag of a published post with its count, most used first; a visitor's first one comes from index.html's early request. */
export function getTags(signal?: AbortSignal): Promise<TagCount[]> {
  // Without the token: the answer is the same for everyone, so a visitor's cached one serves.
  return withPrefetched(tagsUrl, () => api.get<TagIndexAnswer>(tagsUrl, { signal, auth: false })).then((body) => body.tags);
}

// The same for everyone: not keyed by viewer.
export const tagsQueryOptions = () => queryOptions({ queryKey: queryKeys.tags, queryFn: ({ signal }) => getTags(signal) });

export function useTags() {
  return useQuery(tagsQueryOptions());
}
