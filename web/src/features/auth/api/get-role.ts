import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RoleLookup } from "@shared/api/role.ts";
import { api } from "@/lib/api-client";
import type { Role } from "@/lib/authorization";
import { queryKeys } from "@/lib/query-keys";

/** SPEC §3: the role lookup answers `role` and/or `roles`; read leniently (SPEC §6), though GET /api/role answers a RoleLookup. */
export type RoleResponse = { role?: string | null; roles?: string[] | null };

/** SPEC §6: admin if `role` is "admin" or `roles` includes "admin". */
export function isAdminRole(response: unknown): boolean {
  if (!response || typeof response !== "object") return false;
  const { role, roles } = response as RoleResponse;
  return role === "admin" || (Array.isArray(roles) && roles.includes("admin"));
}

/** The highest role the answer gives (admin > moderator > user); anything else is "user". */
export function roleOf(response: unknown): Role {
  if (isAdminRole(response)) return "admin";
  const { role, roles } = (response ?? {}) as RoleResponse;
  return role === "moderator" || (Array.isArray(roles) && roles.includes("moderator")) ? "moderator" : "user";
}

export function getRole(userId: string, signal?: AbortSignal): Promise<RoleLookup> {
  return api.get<RoleLookup>("/api/role", { query: { uid: userId }, signal });
}

export const roleQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.role(userId ?? null),
    queryFn: ({ signal }) => getRole(userId as string, signal),
    enabled: Boolean(userId),
    retry: false,
  });

/** The role of a user; any failure (network, 4xx, 5xx) means "not admin" (nor moderator). */
export function useRole(userId: string | undefined) {
  // Pick fields rather than spreading the result: spreading reads every tracked
  // property (including `promise`, which would then reject unobserved on error).
  const { data, error, isError, isLoading, isSuccess } = useQuery(roleQueryOptions(userId));
  return { data, error, isError, isLoading, isSuccess, isAdmin: !isError && isAdminRole(data), role: isError ? "user" : roleOf(data) };
}
