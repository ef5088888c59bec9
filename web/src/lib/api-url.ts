/**
 * Addresses of the API, in a module of their own without imports: index.html's
 * early data request (src/app/early-requests.ts) builds them as the fetchers do.
 */

export type Query = Record<string, string | number | boolean | undefined | null>;

/** Builds `/api/...` with the query parameters that have a value. */
export function apiUrl(path: string, query?: Query): string {
  const base = path.startsWith("/api/") || path === "/api" ? path : `/api${path.startsWith("/") ? "" : "/"}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${base}${base.includes("?") ? "&" : "?"}${search}` : base;
}
