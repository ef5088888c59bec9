/**
 * Users in the real `auth.users` and `auth.identities` tables, as GoTrue
 * stores them, so triggers on auth.users (profiles) and seed rows work as on
 * Supabase. Passwords are bcrypt hashes: the seed writes them with pgcrypto's
 * crypt(), bcryptjs reads both.
 */
import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import type { Sql, TransactionSql } from "postgres";
import { beforeUserCreated } from "./hooks.ts";

export type Db = Sql | TransactionSql;

export interface UserRow {
  id: string;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  banned_until: Date | null;
  invited_at: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  is_anonymous: boolean;
  phone: string | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
}

/** GoTrue's bcrypt cost. */
const bcryptCost = 10;
/** The instance id GoTrue writes in single-tenant mode. */
const instanceId = "00000000-0000-0000-0000-000000000000";

export const hashPassword = (password: string) => bcrypt.hash(password, bcryptCost);

export async function passwordMatches(user: UserRow, password: string): Promise<boolean> {
  if (!user.encrypted_password) return false;
  try {
    return await bcrypt.compare(password, user.encrypted_password);
  } catch {
    return false;
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db<UserRow[]>`
    select * from auth.users
    where instance_id = ${instanceId} and lower(email) = lower(${email}) and is_sso_user = false and deleted_at is null`;
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db<UserRow[]>`select * from auth.users where id = ${id} and deleted_at is null`;
  return user;
}

/**
 * An e-mail user with its `email` identity, whose data names the user's id and
 * address (email_verified false: confirming changes the user's metadata, not
 * the identity; supabase/auth internal/models/user.go, Confirm). Confirmed at
 * once unless `confirmed` is false (confirmations on: the e-mail link confirms
 * it). Sign-ups and invitations run the before_user_created hook; the admin
 * API does not (internal/api/admin.go never calls it). The user's metadata is
 * `data`, plus the identity's facts for a sign-up (signup.go,
 * RemoveUnconfirmedIdentities); app_metadata names the provider, merged with
 * `appData` (admin.go, UpdateAppMetaData).
 */
export async function createUser(
  db: TransactionSql,
  { email, password, passwordHash, data, confirmed = true, viaAdmin = false, appData = {}, identityInMetadata = false, id = randomUUID() }: {
    email: string;
    password: string | null;
    /** `password`'s bcrypt hash when the caller made it already (sign-up hashes before its transaction, as GoTrue does). */
    passwordHash?: string;
    data: Record<string, unknown>;
    confirmed?: boolean;
    viaAdmin?: boolean;
    appData?: Record<string, unknown>;
    /** A sign-up's metadata holds the identity's data too. */
    identityInMetadata?: boolean;
    /** The admin API may choose the id. */
    id?: string;
  },
): Promise<UserRow> {
  const identityData = { sub: id, email, email_verified: false, phone_verified: false };
  const appMetadata = mergeMetadata({ provider: "email", providers: ["email"] }, appData);
  if (!viaAdmin) {
    await beforeUserCreated(db, {
      id, aud: "authenticated", role: "", email, phone: "",
      app_metadata: appMetadata, user_metadata: data, identities: [], is_anonymous: false,
    });
  }
  const userMetadata = {
    ...data,
    ...(identityInMetadata ? identityData : {}),
    ...(confirmed ? { email_verified: true } : {}),
  };
  const encrypted = passwordHash ?? (password ? await hashPassword(password) : "");
  const [user] = await db<UserRow[]>`
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous
    ) values (
      ${instanceId}, ${id}, 'authenticated', 'authenticated', ${email}, ${encrypted}, ${confirmed ? new Date() : null},
      ${db.json(appMetadata as never)}, ${db.json(userMetadata as never)}, now(), now(), false
    )
    returning *`;
  await db`
    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    values (${id}, ${id}, ${db.json(identityData)}, 'email', now(), now(), now())`;
  return user!;
}

export async function touchLastSignIn(db: Db, userId: string): Promise<void> {
  await db`update auth.users set last_sign_in_at = now() where id = ${userId}`;
  await db`update auth.identities set last_sign_in_at = now() where user_id = ${userId} and provider = 'email'`;
}

/** GoTrue's merge of `data` into user metadata: given keys are set, keys given as null are removed. */
export function mergeMetadata(current: Record<string, unknown> | null, changes: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function updateUserRow(
  db: Db,
  user: UserRow,
  changes: { email?: string; password?: string; data?: Record<string, unknown> },
): Promise<UserRow> {
  let metadata = user.raw_user_meta_data ?? {};
  if (changes.data) metadata = mergeMetadata(metadata, changes.data);
  if (changes.email) metadata = { ...metadata, email: changes.email };
  const encrypted = changes.password ? await hashPassword(changes.password) : user.encrypted_password;
  const [updated] = await db<UserRow[]>`
    update auth.users set
      email = ${changes.email ?? user.email},
      encrypted_password = ${encrypted},
      raw_user_meta_data = ${db.json(metadata as never)},
      updated_at = now()
    where id = ${user.id}
    returning *`;
  if (changes.email) {
    await db`
      update auth.identities
      set identity_data = identity_data || ${db.json({ email: changes.email })}, updated_at = now()
      where user_id = ${user.id} and provider = 'email'`;
  }
  return updated!;
}

const iso = (date: Date | null) => (date ? date.toISOString() : undefined);

/** The user object of GoTrue's JSON responses (and of supabase-js's `User`). */
export async function userJson(db: Db, user: UserRow): Promise<Record<string, unknown>> {
  const identities = await db<IdentityRow[]>`select * from auth.identities where user_id = ${user.id} order by created_at`;
  return {
    id: user.id,
    aud: user.aud ?? "authenticated",
    role: user.role ?? "authenticated",
    email: user.email ?? "",
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? "",
    confirmation_sent_at: iso(user.confirmation_sent_at),
    // A pending change of address (double_confirm_changes): shown until confirmed.
    ...(user.email_change ? { new_email: user.email_change, email_change_sent_at: iso(user.email_change_sent_at) } : {}),
    confirmed_at: iso(user.confirmed_at ?? user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    ...(user.invited_at ? { invited_at: iso(user.invited_at) } : {}),
    ...(user.recovery_sent_at ? { recovery_sent_at: iso(user.recovery_sent_at) } : {}),
    ...(user.reauthentication_sent_at ? { reauthentication_sent_at: iso(user.reauthentication_sent_at) } : {}),
    ...(user.banned_until ? { banned_until: iso(user.banned_until) } : {}),
    is_anonymous: user.is_anonymous,
  };
}
