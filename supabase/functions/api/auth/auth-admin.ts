import { env } from "../env.ts";

/** What Auth answered: its status and its JSON body (an error's `code` and `msg`, or the result). */
export interface AuthAnswer {
  status: number;
  ok: boolean;
  body: Record<string, unknown>;
}

/**
 * A call to Supabase Auth (GoTrue) with the service key, which only the
 * function holds: the browser never reaches Auth's admin calls. `path` is
 * under /auth/v1, with its query (redirect_to) if any.
 */
export async function callAuth(method: "POST" | "DELETE", path: string, json?: Record<string, unknown>): Promise<AuthAnswer> {
  const response = await fetch(`${env.supabaseUrl}/auth/v1${path}`, {
    method,
    headers: {
      apikey: env.serviceRoleKey,
      authorization: `Bearer ${env.serviceRoleKey}`,
      ...(json ? { "content-type": "application/json" } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { msg: text };
  }
  if (!response.ok) console.error(`Auth answered ${method} ${path.split("?")[0]} with ${response.status}: ${text}`);
  return { status: response.status, ok: response.ok, body };
}

/** A link in an Auth e-mail lands on this page of the site. */
export const redirectTo = (page: string) => `?redirect_to=${encodeURIComponent(`${env.siteUrl}${page}`)}`;
