import type { ConfirmationSentAnswer } from "@shared/api/people.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

/** POST /api/admin/people/{id}/confirmation: the confirmation e-mail (unconfirmed) or the invitation (invited) again. */
export function resendConfirmation({ userId }: { userId: string }): Promise<ConfirmationSentAnswer> {
  return api.post<ConfirmationSentAnswer>(`/admin/people/${userId}/confirmation`);
}

export function useResendConfirmation({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resendConfirmation> } = {}) {
  return useModerationMutation(resendConfirmation, mutationConfig);
}
