import type { RevisionHiddenAnswer } from "@shared/api/admin-revisions.ts";
import type { UseMutationOptions } from "@tanstack/react-query";
import { useRefetchingMutation } from "@/hooks/use-refetching-mutation";
import { queryKeys } from "@/lib/query-keys";

/** The server's `{ success, message }` on hiding or showing again (the toast shows the message). */
export type RevisionVisibilityAnswer = RevisionHiddenAnswer;

/**
 * The hook of hiding and showing again: afterwards, whether it worked or not,
 * every post answer (a history is under its post's) and the admin's lists
 * (the moderation log) are refetched.
 */
export function useRevisionVisibility<Input>(
  mutationFn: (input: Input) => Promise<RevisionVisibilityAnswer>,
  mutationConfig: Omit<UseMutationOptions<RevisionVisibilityAnswer, Error, Input>, "mutationFn" | "onMutate"> = {},
) {
  return useRefetchingMutation(mutationFn, [queryKeys.posts, queryKeys.admin], mutationConfig);
}
