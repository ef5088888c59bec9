/**
 * Sessions and tokens as GoTrue keeps them: one row in auth.sessions per
 * sign-in, a chain of refresh tokens in auth.refresh_tokens (each refresh
 * revokes the token used and issues its child), and short-lived ES256 access
 * tokens that name the session.
 *
 * A revoked refresh token (supabase/auth internal/tokens/service.go,
 * RefreshTokenGrant): if it is the parent of the session's active token, the
 * client lost the answer to its last refresh, and gets the active token back
 * (200); within `refresh_token_reuse_interval` of its revocation it is
 * rotated again; otherwise every token of the session is revoked and the
 * answer is 400 refresh_token_already_used.
 *
 * How a session began is kept in auth.mfa_amr_claims, as GoTrue keeps it
 * (internal/models/amr.go, AddClaimToSession): `password` for a password
 * sign-in, `otp` for an e-mail link or code (internal/api/verify.go). Its
 * tokens name it in `amr`, and a one-time-link session may set a new
 * password without the current one (sessions.go, IsRecovery).
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Sql } from "postgres";
import { authIssuer } from "../config.ts";
import type { AuthKeys } from "../keys.ts";
import { authSettings } from "../project-config.ts";
import { errors } from "./errors.ts";
import { findUserById, touchLastSignIn, userJson, type Db, type UserRow } from "./users.ts";

/** GoTrue's default `jwt_expiry`. */
export const accessTokenLifetimeSeconds = 3600;

const newRefreshToken = () => randomBytes(16).toString("base64url");

export function assertNotBanned(user: UserRow): void {
  if (user.banned_until && user.banned_until.getTime() > Date.now()) throw errors.userBanned();
}

/** GoTrue's names of the ways a session may begin that the stand-in serves. */
export type AuthMethod = "password" | "otp";

/** `otp`, `magiclink` and `recovery` sessions proved the address rather than the password (internal/models/factor.go, IsRecovery). */
const oneTimeMethods = new Set(["otp", "magiclink", "recovery"]);

type AmrEntry = { method: string; timestamp: number };

async function sessionAmr(db: Db, sessionId: string): Promise<AmrEntry[]> {
  const claims = await db<{ authentication_method: string; updated_at: Date }[]>`
    select authentication_method, updated_at from auth.mfa_amr_claims where session_id = ${sessionId} order by updated_at desc`;
  return claims.map((claim) => ({ method: claim.authentication_method, timestamp: Math.floor(claim.updated_at.getTime() / 1000) }));
}

/** True when the session began with an e-mail link or code: GoTrue then asks no current password for a new one. */
export async function isOneTimeLinkSession(db: Db, sessionId: string): Promise<boolean> {
  return (await sessionAmr(db, sessionId)).some((entry) => oneTimeMethods.has(entry.method));
}

async function accessToken(keys: AuthKeys, user: UserRow, sessionId: string, amr: AmrEntry[]): Promise<string> {
  return keys.sign(
    {
      iss: authIssuer,
      sub: user.id,
      aud: "authenticated",
      email: user.email ?? "",
      phone: user.phone ?? "",
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role || "authenticated",
      aal: "aal1",
      amr,
      session_id: sessionId,
      is_anonymous: false,
    },
    accessTokenLifetimeSeconds,
  );
}

/** The body of a successful /token or /signup response. */
async function sessionJson(db: Db, keys: AuthKeys, user: UserRow, sessionId: string, refreshToken: string) {
  const token = await accessToken(keys, user, sessionId, await sessionAmr(db, sessionId));
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: accessTokenLifetimeSeconds,
    expires_at: Math.floor(Date.now() / 1000) + accessTokenLifetimeSeconds,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}

/** Signs `user` in by `method`: a new session with its first refresh token. */
export async function startSession(db: Db, keys: AuthKeys, user: UserRow, method: AuthMethod) {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await db`insert into auth.sessions (id, user_id, created_at, updated_at) values (${sessionId}, ${user.id}, now(), now())`;
  await db`
    insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
    values (${randomUUID()}, ${sessionId}, now(), now(), ${method})`;
  await db`
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values ('00000000-0000-0000-0000-000000000000', ${refreshToken}, ${user.id}, false, now(), now(), null, ${sessionId})`;
  await touchLastSignIn(db, user.id);
  const fresh = (await findUserById(db, user.id))!;
  return sessionJson(db, keys, fresh, sessionId, refreshToken);
}

interface RefreshTokenRow {
  token: string;
  revoked: boolean;
  session_id: string | null;
  user_id: string;
  updated_at: Date;
  session_created_at: Date | null;
}

/** `grant_type=refresh_token`: rotates the token, keeps the session. */
export async function refreshSession(sql: Sql, keys: AuthKeys, token: string) {
  return sql.begin(async (tx) => {
    const [row] = await tx<RefreshTokenRow[]>`
      select rt.token, rt.revoked, rt.session_id, rt.user_id, rt.updated_at, s.created_at as session_created_at
      from auth.refresh_tokens rt
      left join auth.sessions s on s.id = rt.session_id
      where rt.token = ${token}
      for update of rt`;
    if (!row || !row.session_id || !row.session_created_at) throw errors.refreshTokenNotFound();
    const user = await findUserById(tx, row.user_id);
    if (!user) throw errors.refreshTokenNotFound();
    assertNotBanned(user);
    if (row.revoked) {
      const [active] = await tx<{ token: string; parent: string | null }[]>`
        select token, parent from auth.refresh_tokens
        where session_id = ${row.session_id} and not revoked order by id desc limit 1`;
      if (active?.parent === token) {
        return { reused: false as const, session: await sessionJson(tx, keys, user, row.session_id, active.token) };
      }
      const reuseUntil = row.updated_at.getTime() + authSettings().refresh_token_reuse_interval * 1000;
      if (Date.now() > reuseUntil) {
        await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = ${row.session_id} and not revoked`;
        return { reused: true as const };
      }
    }
    const child = newRefreshToken();
    await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where token = ${token} and not revoked`;
    await tx`
      insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
      values ('00000000-0000-0000-0000-000000000000', ${child}, ${user.id}, false, now(), now(), ${token}, ${row.session_id})`;
    await tx`update auth.sessions set updated_at = now() where id = ${row.session_id}`;
    return { reused: false as const, session: await sessionJson(tx, keys, user, row.session_id, child) };
  }).then((result) => {
    // Thrown after the transaction commits, so the revocation of the tokens sticks.
    if (result.reused) throw errors.refreshTokenAlreadyUsed();
    return result.session;
  });
}

/** When the session began, if it still exists. */
export async function sessionStartedAt(db: Db, sessionId: string): Promise<Date | undefined> {
  const [row] = await db<{ created_at: Date }[]>`select created_at from auth.sessions where id = ${sessionId}`;
  return row?.created_at;
}

/** POST /logout: `local` ends this session, `global` every session of the user, `others` all but this one. Refresh tokens go with their sessions (on delete cascade). */
export async function endSessions(db: Db, userId: string, sessionId: string, scope: string): Promise<void> {
  if (scope === "global") await db`delete from auth.sessions where user_id = ${userId}`;
  else if (scope === "others") await db`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
  else await db`delete from auth.sessions where id = ${sessionId}`;
}
