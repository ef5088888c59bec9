import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { env } from "./env.ts";
import { fail } from "./errors.ts";

/** Who is calling, as Postgres will see it through `request.jwt.claims`. */
export type Caller =
  | { role: "anon"; claims: { role: "anon" } }
  | { role: "authenticated"; userId: string; claims: JWTPayload & { sub: string; role: "authenticated" } };

export const anonymous: Caller = { role: "anon", claims: { role: "anon" } };

// Supabase Auth publishes its signing keys; jose caches them and refetches on
// an unknown `kid`, so key rotation needs no redeploy.
const jwks = createRemoteJWKSet(new URL(`${env.supabaseUrl}/auth/v1/.well-known/jwks.json`));

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * No token: an anonymous visitor. The project's anon key: also anonymous.
 * A user's access token: verified (signature, expiry, audience) or a 401.
 */
export async function identifyCaller(authorization: string | undefined): Promise<Caller> {
  const token = bearerToken(authorization);
  if (!token) return anonymous;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, jwks));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) fail(401, "Your session has expired. Please sign in again.");
    fail(401, "Invalid access token.");
  }
  if (payload.role === "anon") return anonymous;
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.role !== "authenticated" || !audiences.includes("authenticated") || typeof payload.sub !== "string") {
    fail(401, "Invalid access token.");
  }
  return {
    role: "authenticated",
    userId: payload.sub,
    claims: payload as JWTPayload & { sub: string; role: "authenticated" },
  };
}
