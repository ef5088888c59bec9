import { useMutation, useQueryClient, type QueryClient, type QueryKey, type UseMutationOptions } from "@tanstack/react-query";

/** What a screen may add to a mutation: its own callbacks (the hook owns the fetcher). */
type ScreenConfig<Input, Answer> = Omit<UseMutationOptions<Answer, Error, Input>, "mutationFn" | "onMutate">;

/**
 * A mutation after which, whether it worked or not, the answers under
 * `refetch` (a list, or one made from the input) are refetched: a refusal such
 * as 409 usually means they were out of date. The screen's own callbacks in
 * `mutationConfig` run once that is done.
 */
export function useRefetchingMutation<Input, Answer>(
  mutationFn: (input: Input) => Promise<Answer>,
  refetch: readonly QueryKey[] | ((input: Input) => readonly QueryKey[]),
  { onSettled, ...config }: ScreenConfig<Input, Answer> = {},
) {
  const queryClient = useQueryClient();
  const refetchAll = (input: Input) => {
    const keys = typeof refetch === "function" ? refetch(input) : refetch;
    return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  return useMutation<Answer, Error, Input>({
    ...config,
    mutationFn,
    onSettled: async (answer, error, input, ...rest) => {
      await refetchAll(input);
      return onSettled?.(answer, error, input, ...rest);
    },
  });
}

/**
 * A mutation whose cache work (`afterSuccess`: refetch, drop or update what
 * it changed) runs once it has worked, before the screen's own `onSuccess`.
 */
export function useMutationWithCacheWork<Input, Answer>(
  mutationFn: (input: Input) => Promise<Answer>,
  afterSuccess: (queryClient: QueryClient, answer: Answer, input: Input) => void,
  { onSuccess, ...config }: ScreenConfig<Input, Answer> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<Answer, Error, Input>({
    ...config,
    mutationFn,
    onSuccess: (answer, input, ...rest) => {
      afterSuccess(queryClient, answer, input);
      return onSuccess?.(answer, input, ...rest);
    },
  });
}

/** The answers `keys` names, refetched without waiting: the commonest cache work. */
export function refetchKeys<Input>(keys: (input: Input) => readonly QueryKey[]) {
  return (queryClient: QueryClient, _answer: unknown, input: Input) => {
    for (const queryKey of keys(input)) void queryClient.invalidateQueries({ queryKey });
  };
}
