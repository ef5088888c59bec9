/**
 * The signing key of the local Auth, generated once per data folder and kept
 * in `<dataDir>/auth-keys.json`, so tokens survive restarts and
 * `npm run stack:env` prints the same keys every time.
 *
 * ES256 signatures are randomised, so the long-lived anon and service role
 * keys are signed once, when the key pair is created, and stored beside it.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from "jose";
import { keysFile } from "./config.ts";

const algorithm = "ES256";
/** The issuer the Supabase CLI puts in its anon and service role keys. */
const apiKeyIssuer = "supabase-demo";
/** Ten years, as the Supabase CLI's demo keys. */
const apiKeyLifetimeSeconds = 10 * 365 * 24 * 3600;

interface StoredKeys {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
  anonKey: string;
  serviceRoleKey: string;
}

export interface AuthKeys {
  kid: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The JWKS document served at /auth/v1/.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  sign(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** Verifies signature and expiry; throws on anything else. */
  verify(token: string): Promise<JWTPayload>;
}

async function createKeys(): Promise<StoredKeys> {
  const { privateKey, publicKey } = await generateKeyPair(algorithm, { extractable: true });
  const kid = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const apiKey = (role: "anon" | "service_role") =>
    new SignJWT({ role })
      .setProtectedHeader({ alg: algorithm, typ: "JWT", kid })
      .setIssuer(apiKeyIssuer)
      .setIssuedAt(now)
      .setExpirationTime(now + apiKeyLifetimeSeconds)
      .sign(privateKey);
  return {
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: algorithm },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: algorithm, use: "sig", key_ops: ["verify"] },
    anonKey: await apiKey("anon"),
    serviceRoleKey: await apiKey("service_role"),
  };
}

/** Reads the keys of `dataDir`, creating them on first use. */
export async function loadKeys(dataDir: string): Promise<AuthKeys> {
  const file = keysFile(dataDir);
  let stored: StoredKeys;
  if (existsSync(file)) {
    stored = JSON.parse(await fs.readFile(file, "utf8")) as StoredKeys;
  } else {
    stored = await createKeys();
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written only by us: a private key readable by other users would let them mint admin tokens.
    await fs.writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  const privateKey = await importJWK(stored.privateJwk, algorithm);
  const publicKey = await importJWK(stored.publicJwk, algorithm);
  return {
    kid: stored.kid,
    anonKey: stored.anonKey,
    serviceRoleKey: stored.serviceRoleKey,
    jwks: { keys: [stored.publicJwk] },
    sign: (claims, expiresInSeconds) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: algorithm, typ: "JWT", kid: stored.kid })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    verify: async (token) => (await jwtVerify(token, publicKey, { algorithms: [algorithm] })).payload,
  };
}
