import { type QueryClient, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const citationFormats = [
  { value: "apa", label: "APA" },
  { value: "mla", label: "MLA" },
  { value: "chicago", label: "Chicago" },
  { value: "bibtex", label: "BibTeX" },
  { value: "csl-json", label: "CSL-JSON" },
] as const;

export type CitationFormat = (typeof citationFormats)[number]["value"];

/**
 * The reader's IANA time zone: the post page and its history show dates in it,
 * so the citation is dated by the same day (UTC when the browser names none).
 */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * GET /api/posts/{id}/citation?format=&tz=: the citation as the API writes it, dated in the reader's zone.
 * CSL-JSON arrives parsed (its media type is JSON) and is written out again
 * with the API's indentation, so every format is text to show and copy.
 */
export async function getCitation(postId: string, format: CitationFormat, signal?: AbortSignal): Promise<string> {
  // The same for everyone (published posts only): no token, so a CDN may serve it.
  const answer = await api.get<unknown>(`/api/posts/${encodeURIComponent(postId)}/citation`, { query: { format, tz: readerTimeZone() }, signal, auth: false });
  return typeof answer === "string" ? answer.trimEnd() : JSON.stringify(answer, null, 2);
}

const citationQuery = (postId: string, format: CitationFormat) => ({
  queryKey: queryKeys.postCitation(postId, format),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getCitation(postId, format, signal),
  // What a pointer's preload fetched a moment before the click is shown, not fetched again.
  staleTime: 60_000,
});

export function useCitation(postId: string, format: CitationFormat) {
  return useQuery(citationQuery(postId, format));
}

/** Starts loading the citation the dialog opens on, before it opens. */
export function prefetchCitation(queryClient: QueryClient, postId: string, format: CitationFormat = "apa") {
  return queryClient.prefetchQuery(citationQuery(postId, format));
}
