import type { MeAnswer } from "@shared/api/me.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/me: whether the signed-in user may take part (SPEC §1: 18+; a suspension an admin set), and an invitation waiting. */
export type Standing = MeAnswer;
/** until: an ISO time, or null for good; reason: as the admin wrote it. */
export type Suspension = NonNullable<MeAnswer["suspension"]>;
/** A role an admin offered this account by e-mail, waiting for the invitee to choose a name and password. */
export type Invitation = NonNullable<MeAnswer["invitation"]>;

export function getStanding(signal?: AbortSignal): Promise<Standing> {
  return api.get<Standing>("/api/me", { signal });
}

export const standingQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.standing(userId ?? ""),
    queryFn: ({ signal }) => getStanding(signal),
    enabled: Boolean(userId),
    // A suspension starts or ends while the member reads: asked again on return to the tab.
    refetchOnWindowFocus: true,
  });

/** The signed-in user's standing; null while unknown, signed out or on error (the server still refuses what it must). */
export function useStanding(userId: string | undefined): Standing | null {
  const { data } = useQuery(standingQueryOptions(userId));
  return userId ? (data ?? null) : null;
}
