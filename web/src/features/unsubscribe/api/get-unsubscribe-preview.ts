import type { UnsubscribePreview } from "@shared/api/email.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type { UnsubscribePreview };

/** GET /api/email/unsubscribe?token= → what the link turns off; it changes nothing (mail scanners open links). */
export function getUnsubscribePreview(token: string, signal?: AbortSignal): Promise<UnsubscribePreview> {
  // No sign-in: the token is the credential, and a stale session must not turn it into a 401.
  return api.get<UnsubscribePreview>("/api/email/unsubscribe", { query: { token }, signal, auth: false });
}

export const unsubscribePreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.unsubscribeLink(token),
    queryFn: ({ signal }) => getUnsubscribePreview(token, signal),
    // A refused link stays refused; anything else (the network, a 503) is worth one more try.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    staleTime: Infinity,
  });

export function useUnsubscribePreview(token: string) {
  return useQuery({ ...unsubscribePreviewQueryOptions(token), enabled: token !== "" });
}
