/**
 * Sessions and tokens as GoTrue keeps them: one row in auth.sessions per
 * sign-in, a chain of refresh tokens in auth.refresh_tokens (each refresh
 * revokes the token used and issues its child), and short-lived ES256 access
 * tokens that name the session.
 *
 * Reuse of a revoked refresh token is treated as theft, as GoTrue does once
 * its reuse interval has passed: the whole session is revoked. This stand-in
 * has no reuse interval (config.toml sets refresh_token_reuse_interval = 0 to
 * match), so an old refresh token never works again.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Sql } from "postgres";
import { authIssuer } from "../config.ts";
import type { AuthKeys } from "../keys.ts";
import { errors } from "./errors.ts";
import { findUserById, touchLastSignIn, userJson, type Db, type UserRow } from "./users.ts";

/** GoTrue's default `jwt_expiry`. */
export const accessTokenLifetimeSeconds = 3600;

const newRefreshToken = () => randomBytes(16).toString("base64url");

export function assertNotBanned(user: UserRow): void {
  if (user.banned_until && user.banned_until.getTime() > Date.now()) throw errors.userBanned();
}

async function accessToken(keys: AuthKeys, user: UserRow, sessionId: string, signedInAt: number): Promise<string> {
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
      amr: [{ method: "password", timestamp: signedInAt }],
      session_id: sessionId,
      is_anonymous: false,
    },
    accessTokenLifetimeSeconds,
  );
}

/** The body of a successful /token or /signup response. */
async function sessionJson(db: Db, keys: AuthKeys, user: UserRow, sessionId: string, refreshToken: string, signedInAt: number) {
  const token = await accessToken(keys, user, sessionId, signedInAt);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: accessTokenLifetimeSeconds,
    expires_at: Math.floor(Date.now() / 1000) + accessTokenLifetimeSeconds,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}

/** Signs `user` in: a new session with its first refresh token. */
export async function startSession(db: Db, keys: AuthKeys, user: UserRow) {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await db`insert into auth.sessions (id, user_id, created_at, updated_at) values (${sessionId}, ${user.id}, now(), now())`;
  await db`
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values ('00000000-0000-0000-0000-000000000000', ${refreshToken}, ${user.id}, false, now(), now(), null, ${sessionId})`;
  await touchLastSignIn(db, user.id);
  const fresh = (await findUserById(db, user.id))!;
  return sessionJson(db, keys, fresh, sessionId, refreshToken, Math.floor(Date.now() / 1000));
}

interface RefreshTokenRow {
  token: string;
  revoked: boolean;
  session_id: string | null;
  user_id: string;
  session_created_at: Date | null;
}

/** `grant_type=refresh_token`: rotates the token, keeps the session. */
export async function refreshSession(sql: Sql, keys: AuthKeys, token: string) {
  return sql.begin(async (tx) => {
    const [row] = await tx<RefreshTokenRow[]>`
      select rt.token, rt.revoked, rt.session_id, rt.user_id, s.created_at as session_created_at
      from auth.refresh_tokens rt
      left join auth.sessions s on s.id = rt.session_id
      where rt.token = ${token}
      for update of rt`;
    if (!row || !row.session_id || !row.session_created_at) throw errors.refreshTokenNotFound();
    if (row.revoked) {
      await tx`delete from auth.sessions where id = ${row.session_id}`;
      return { reused: true as const };
    }
    const user = await findUserById(tx, row.user_id);
    if (!user) throw errors.refreshTokenNotFound();
    assertNotBanned(user);
    const child = newRefreshToken();
    await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where token = ${token}`;
    await tx`
      insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
      values ('00000000-0000-0000-0000-000000000000', ${child}, ${user.id}, false, now(), now(), ${token}, ${row.session_id})`;
    await tx`update auth.sessions set updated_at = now() where id = ${row.session_id}`;
    const signedInAt = Math.floor(row.session_created_at.getTime() / 1000);
    return { reused: false as const, session: await sessionJson(tx, keys, user, row.session_id, child, signedInAt) };
  }).then((result) => {
    // Thrown after the transaction commits, so the revocation of the session sticks.
    if (result.reused) throw errors.refreshTokenAlreadyUsed();
    return result.session;
  });
}

export async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db`select 1 from auth.sessions where id = ${sessionId}`;
  return Boolean(row);
}

/** POST /logout: `local` ends this session, `global` every session of the user, `others` all but this one. Refresh tokens go with their sessions (on delete cascade). */
export async function endSessions(db: Db, userId: string, sessionId: string, scope: string): Promise<void> {
  if (scope === "global") await db`delete from auth.sessions where user_id = ${userId}`;
  else if (scope === "others") await db`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
  else await db`delete from auth.sessions where id = ${sessionId}`;
}
