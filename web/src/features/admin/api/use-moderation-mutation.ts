import { useMutation, useQueryClient, type UseMutationOptions } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";

/** The server's `{ message }` on a moderation action (the toast shows it when present). */
export type ModerationAnswer = { message?: string };

/**
 * The hook of every admin action: after it, whether it worked or not, the
 * admin lists and every post answer are refetched (a refusal such as 409
 * usually means they were out of date). The screen's own callbacks in
 * `mutationConfig` run once that is done.
 */
export function useModerationMutation<Input, Answer>(
  mutationFn: (input: Input) => Promise<Answer>,
  mutationConfig: Omit<UseMutationOptions<Answer, Error, Input>, "mutationFn" | "onMutate"> = {},
) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig;
  return useMutation<Answer, Error, Input>({
    ...config,
    mutationFn,
    onSettled: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
      ]);
      return onSettled?.(...args);
    },
  });
}
