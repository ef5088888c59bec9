import { useQuery } from "@tanstack/react-query";
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
 * GET /api/posts/{id}/citation?format=: the citation as the API writes it.
 * CSL-JSON arrives parsed (its media type is JSON) and is written out again
 * with the API's indentation, so every format is text to show and copy.
 */
export async function getCitation(postId: string, format: CitationFormat, signal?: AbortSignal): Promise<string> {
  // The same for everyone (published posts only): no token, so a CDN may serve it.
  const answer = await api.get<unknown>(`/api/posts/${encodeURIComponent(postId)}/citation`, { query: { format }, signal, auth: false });
  return typeof answer === "string" ? answer.trimEnd() : JSON.stringify(answer, null, 2);
}

export function useCitation(postId: string, format: CitationFormat) {
  return useQuery({
    queryKey: queryKeys.postCitation(postId, format),
    queryFn: ({ signal }) => getCitation(postId, format, signal),
  });
}
