import type { QueryKey, UseMutationOptions } from "@tanstack/react-query";
import { useRefetchingMutation } from "@/hooks/use-refetching-mutation";
import { queryKeys } from "@/lib/query-keys";

/**
 * The hook of every admin action: after it, whether it worked or not, the
 * admin lists, every post answer and what `alsoRefetch` names for the input
 * are refetched. The screen's own callbacks in `mutationConfig` run once that is done.
 */
export function useModerationMutation<Input, Answer>(
  mutationFn: (input: Input) => Promise<Answer>,
  mutationConfig: Omit<UseMutationOptions<Answer, Error, Input>, "mutationFn" | "onMutate"> = {},
  alsoRefetch: (input: Input) => readonly QueryKey[] = () => [],
) {
  return useRefetchingMutation(mutationFn, (input) => [queryKeys.admin, queryKeys.posts, ...alsoRefetch(input)], mutationConfig);
}
