/**
 * The keys of the local stack, as the Supabase CLI makes them
 * (apps/cli-go/pkg/config/apikeys.go, config.go):
 *
 * - the anon and service role keys are HS256 JWTs signed with the JWT secret
 *   ({iss: "supabase-demo", role, exp: 1983812996}), so they are the CLI's
 *   well-known demo keys; they are not in the JWKS;
 * - the opaque publishable and secret keys (`sb_publishable_…`, `sb_secret_…`)
 *   are the CLI's fixed defaults, recognised by value;
 * - user access tokens are ES256, signed with a key generated once per data
 *   folder (`<dataDir>/auth-keys.json`) and published in the JWKS.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from "jose";
import { keysFile } from "./config.ts";

const userTokenAlgorithm = "ES256";
/** The CLI's defaults: public knowledge, fit for a local stack only. */
export const jwtSecret = "super-secret-jwt-token-with-at-least-32-characters-long";
const apiKeyExpiry = 1983812996;
export const publishableKey = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";
export const secretKey = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz";

interface StoredKeys {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface AuthKeys {
  kid: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
  /** The JWKS document served at /auth/v1/.well-known/jwks.json (the ES256 public key only). */
  jwks: { keys: JWK[] };
  sign(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** Verifies signature and expiry, HS256 with the JWT secret or ES256 with the signing key; throws on anything else. */
  verify(token: string): Promise<JWTPayload>;
  /** True for the anon or publishable key: a visitor. */
  isAnonymousKey(key: string): boolean;
  /** True for the service role or secret key. */
  isServiceKey(key: string): boolean;
}

async function createSigningKey(): Promise<StoredKeys> {
  const { privateKey, publicKey } = await generateKeyPair(userTokenAlgorithm, { extractable: true });
  const kid = randomUUID();
  return {
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: userTokenAlgorithm },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: userTokenAlgorithm, use: "sig", key_ops: ["verify"] },
  };
}

const secret = new TextEncoder().encode(jwtSecret);

/** The CLI's demo key for `role`: deterministic, so the same on every machine. */
function apiKey(role: "anon" | "service_role"): Promise<string> {
  return new SignJWT({ iss: "supabase-demo", role, exp: apiKeyExpiry }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret);
}

/** Reads the signing key of `dataDir`, creating it on first use. */
export async function loadKeys(dataDir: string): Promise<AuthKeys> {
  const file = keysFile(dataDir);
  let stored: StoredKeys;
  if (existsSync(file)) {
    stored = JSON.parse(await fs.readFile(file, "utf8")) as StoredKeys;
  } else {
    stored = await createSigningKey();
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written only by us: a private key readable by other users would let them mint admin tokens.
    await fs.writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  const privateKey = await importJWK(stored.privateJwk, userTokenAlgorithm);
  const publicKey = await importJWK(stored.publicJwk, userTokenAlgorithm);
  const [anonKey, serviceRoleKey] = await Promise.all([apiKey("anon"), apiKey("service_role")]);
  return {
    kid: stored.kid,
    anonKey,
    serviceRoleKey,
    publishableKey,
    secretKey,
    jwtSecret,
    jwks: { keys: [stored.publicJwk] },
    sign: (claims, expiresInSeconds) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: userTokenAlgorithm, typ: "JWT", kid: stored.kid })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    verify: async (token) => {
      const { alg } = decodeProtectedHeader(token);
      if (alg === "HS256") return (await jwtVerify(token, secret, { algorithms: ["HS256"] })).payload;
      return (await jwtVerify(token, publicKey, { algorithms: [userTokenAlgorithm] })).payload;
    },
    isAnonymousKey: (key) => key === anonKey || key === publishableKey,
    isServiceKey: (key) => key === serviceRoleKey || key === secretKey,
  };
}
