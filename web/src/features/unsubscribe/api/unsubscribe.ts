import type { Unsubscribed } from "@shared/api/email.ts";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";

/** POST /api/email/unsubscribe?token= → that kind of e-mail is off (the bell still shows them). */
export function unsubscribe(token: string): Promise<Unsubscribed> {
  return api.post<Unsubscribed>("/api/email/unsubscribe", {}, { query: { token }, auth: false });
}

export function useUnsubscribe({ mutationConfig }: { mutationConfig?: MutationConfig<typeof unsubscribe> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: unsubscribe });
}
