import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { env } from "../env.ts";
import { fail } from "../http/errors.ts";

/** Who is calling, as Postgres will see it through `request.jwt.claims`. */
export type Caller =
  | { role: "anon"; claims: { role: "anon" } }
  | { role: "authenticated"; userId: string; claims: JWTPayload & { sub: string; role: "authenticated" } };

export const anonymous: Caller = { role: "anon", claims: { role: "anon" } };

// Supabase Auth publishes its signing keys; jose caches them and refetches on
// an unknown `kid`, so key rotation needs no redeploy.
const jwks = createRemoteJWKSet(new URL(`${env.supabaseUrl}/auth/v1/.well-known/jwks.json`));

/**
 * The project's public keys. They are anonymous callers, recognised by value:
 * the CLI's anon key is HS256 with the JWT secret and not in the JWKS, and
 * hosted projects may use opaque `sb_publishable_…` keys. Hosted functions get
 * SUPABASE_ANON_KEY and SUPABASE_PUBLISHABLE_KEYS (a JSON object of name → key,
 * https://supabase.com/docs/guides/functions/secrets); `supabase functions
 * serve` gets SUPABASE_ANON_KEY and SUPABASE_INTERNAL_PUBLISHABLE_KEY
 * (supabase/cli apps/cli-go/internal/functions/serve/serve.go).
 */
function publicKeys(): Set<string> {
  const keys = new Set<string>();
  for (const name of ["SUPABASE_ANON_KEY", "SUPABASE_INTERNAL_PUBLISHABLE_KEY"]) {
    const value = Deno.env.get(name);
    if (value) keys.add(value);
  }
  const publishable = Deno.env.get("SUPABASE_PUBLISHABLE_KEYS");
  if (publishable) {
    try {
      for (const value of Object.values(JSON.parse(publishable) as Record<string, unknown>)) {
        if (typeof value === "string" && value) keys.add(value);
      }
    } catch {
      console.error("SUPABASE_PUBLISHABLE_KEYS is not a JSON object of keys; ignored.");
    }
  }
  return keys;
}
const anonymousKeys = publicKeys();

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * Access tokens this isolate has verified, until they expire. A member sends
 * the same token with every request for up to an hour, and checking its
 * signature costs more than the rest of a read from memory; the verdict
 * cannot change before the token expires: Supabase does not revoke access
 * tokens early ("Access Tokens of revoked sessions remain valid until their
 * expiry time", https://supabase.com/docs/guides/auth/signout).
 */
const verifiedTokens = new Map<string, Caller & { role: "authenticated" }>();
const maxVerifiedTokens = 10_000;

/**
 * No token: an anonymous visitor. The project's anon key: also anonymous.
 * A user's access token: verified (signature, expiry, audience) or a 401.
 */
export async function identifyCaller(authorization: string | undefined): Promise<Caller> {
  const token = bearerToken(authorization);
  if (!token || anonymousKeys.has(token)) return anonymous;
  const known = verifiedTokens.get(token);
  if (known && (known.claims.exp ?? 0) * 1000 > Date.now()) return known;
  if (known) verifiedTokens.delete(token);
  const caller = await verifyAccessToken(token);
  if (caller.role === "authenticated" && caller.claims.exp !== undefined) {
    // The oldest entry goes first (a Map keeps insertion order).
    if (verifiedTokens.size >= maxVerifiedTokens) verifiedTokens.delete(verifiedTokens.keys().next().value!);
    verifiedTokens.set(token, caller);
  }
  return caller;
}

async function verifyAccessToken(token: string): Promise<Caller> {
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
