import { useMutation, useQueryClient, type UseMutationOptions } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";

/** The server's `{ message }` on hiding or showing again (the toast shows it). */
export type RevisionVisibilityAnswer = { message?: string };

/**
 * The hook of hiding and showing again: afterwards, whether it worked or not,
 * every post answer (a history is under its post's) and the admin's lists
 * (the moderation log) are refetched. The screen's own callbacks in
 * `mutationConfig` run once that is done.
 */
export function useRevisionVisibility<Input>(
  mutationFn: (input: Input) => Promise<RevisionVisibilityAnswer>,
  mutationConfig: Omit<UseMutationOptions<RevisionVisibilityAnswer, Error, Input>, "mutationFn" | "onMutate"> = {},
) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig;
  return useMutation<RevisionVisibilityAnswer, Error, Input>({
    ...config,
    mutationFn,
    onSettled: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
      ]);
      return onSettled?.(...args);
    },
  });
}
