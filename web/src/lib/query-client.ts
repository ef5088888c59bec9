import { QueryClient, type DefaultOptions } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";

/** SPEC §9: client cache lifetime 5 minutes. */
export const STALE_TIME_MS = 5 * 60 * 1000;

export const queryConfig = {
  queries: {
    staleTime: STALE_TIME_MS,
    gcTime: STALE_TIME_MS * 2,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) => {
      // Client errors (not found, forbidden, ...) will not get better by retrying.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
      return failureCount < 2;
    },
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
