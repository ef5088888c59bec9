import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";
import type { Person } from "./get-people";

export type InviteInput = { email: string; role: "moderator" | "admin" };

/** POST /api/admin/people/invite: Auth's invitation e-mail; 409 when the address already has an account. */
export function invitePerson(input: InviteInput): Promise<{ person: Person }> {
  return api.post<{ person: Person }>("/admin/people/invite", input);
}

export function useInvitePerson({ mutationConfig }: { mutationConfig?: MutationConfig<typeof invitePerson> } = {}) {
  return useModerationMutation(invitePerson, mutationConfig);
}
