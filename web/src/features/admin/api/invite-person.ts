import type { PersonAnswer } from "@shared/api/people.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

export type InviteInput = { email: string; role: "moderator" | "admin" };

/** POST /api/admin/people/invite: Auth's invitation e-mail; 409 when the address already has an account. */
export function invitePerson(input: InviteInput): Promise<PersonAnswer> {
  return api.post<PersonAnswer>("/admin/people/invite", input);
}

export function useInvitePerson({ mutationConfig }: { mutationConfig?: MutationConfig<typeof invitePerson> } = {}) {
  return useModerationMutation(invitePerson, mutationConfig);
}
