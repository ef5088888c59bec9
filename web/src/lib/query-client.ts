import { QueryClient, type DefaultOptions, type UseMutationOptions } from "@tanstack/react-query";
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any fetcher of one argument
type Fetcher = (input: any) => Promise<unknown>;

/**
 * What a screen may add to a mutation hook (`useX({ mutationConfig })`): its
 * own callbacks, which run after the hook's cache work (invalidation, the
 * optimistic update). The hook owns the fetcher.
 */
export type MutationConfig<Fn extends Fetcher> = Omit<UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>, "mutationFn" | "onMutate">;
