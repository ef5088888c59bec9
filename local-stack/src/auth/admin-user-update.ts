/**
 * PUT /admin/users/{id} (supabase-js updateUserById), in the order of
 * supabase/auth internal/api/admin.go, adminUserUpdate: the address is set at
 * once (no e-mail; its identity's email_verified follows `email_confirm`),
 * `email_confirm` confirms (internal/models/user.go, Confirm), a password
 * passes the strength check and ends every session (UpdatePassword), the
 * metadata maps are merged (null removes a key), `ban_duration` bans or
 * ("none") lifts. Nothing is checked for a taken address: the unique index
 * refuses it and GoTrue answers 500 "Error updating user".
 */
import { bannedUntil, booleanParam, objectParam, optionalStringParam, stringParam, type Params } from "./admin-params.ts";
import type { AuthContext } from "./context.ts";
import { assertStrongPassword, validateEmail } from "./credentials.ts";
import { AuthError, errors } from "./errors.ts";
import { endSessions } from "./sessions.ts";
import { findUserById, hashPassword, mergeMetadata, type UserRow } from "./users.ts";

export async function updateUserAsAdmin(ctx: AuthContext, user: UserRow, input: Params): Promise<UserRow> {
  const email = stringParam(input, "email") === "" ? undefined : validateEmail(stringParam(input, "email"));
  if (stringParam(input, "phone") !== "") throw errors.notServed("phone users");
  const ban = bannedUntil(input);
  const password = optionalStringParam(input, "password");
  if (password !== undefined) assertStrongPassword(password);
  const encrypted = password === undefined ? undefined : await hashPassword(password);
  const confirm = booleanParam(input, "email_confirm");
  const role = stringParam(input, "role");
  const appMetadata = objectParam(input, "app_metadata");
  const userMetadata = objectParam(input, "user_metadata");

  try {
    return await ctx.sql.begin(async (tx) => {
      if (role) await tx`update auth.users set role = ${role} where id = ${user.id}`;
      if (confirm) {
        await tx`
          update auth.users set email_confirmed_at = now(), confirmation_token = '',
                                raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}'
          where id = ${user.id}`;
      }
      if (encrypted !== undefined) {
        // A new password voids what the old one vouched for: pending tokens and every session.
        await tx`
          update auth.users set encrypted_password = ${encrypted}, confirmation_token = '', confirmation_sent_at = null,
                                recovery_token = '', recovery_sent_at = null, email_change_token_current = '',
                                email_change_token_new = '', email_change_sent_at = null,
                                reauthentication_token = '', reauthentication_sent_at = null
          where id = ${user.id}`;
        await endSessions(tx, user.id, "", "global");
      }
      if (email !== undefined) {
        await tx`
          update auth.identities set identity_data = identity_data || ${tx.json({ email, email_verified: confirm })}, updated_at = now()
          where user_id = ${user.id} and provider = 'email'`;
        await tx`update auth.users set email = ${email} where id = ${user.id}`;
      }
      const current = (await findUserById(tx, user.id))!;
      if (appMetadata) {
        await tx`update auth.users set raw_app_meta_data = ${tx.json(mergeMetadata(current.raw_app_meta_data, appMetadata) as never)} where id = ${user.id}`;
      }
      if (userMetadata) {
        await tx`update auth.users set raw_user_meta_data = ${tx.json(mergeMetadata(current.raw_user_meta_data, userMetadata) as never)} where id = ${user.id}`;
      }
      if (ban !== undefined) await tx`update auth.users set banned_until = ${ban} where id = ${user.id}`;
      const [updated] = await tx<UserRow[]>`update auth.users set updated_at = now() where id = ${user.id} returning *`;
      return updated!;
    });
  } catch (error) {
    if ((error as { code?: string }).code === "23505") throw new AuthError(500, "unexpected_failure", "Error updating user");
    throw error;
  }
}
