/**
 * POST /invite (service role): a new, unconfirmed user and the invitation
 * e-mail, whose link confirms the address and signs them in, as
 * supabase/auth internal/api/invite.go does (before_user_created runs for
 * a new user; an address already confirmed is 422 email_exists; an
 * unconfirmed one is invited again).
 */
import { sendTokenMail } from "./email-flows.ts";
import { errors } from "./errors.ts";
import type { AuthContext } from "./context.ts";
import { createUser, findUserById, findUserByEmail, userJson } from "./users.ts";

/** Invites `email` (the caller holds the service role: the route checked it). */
export async function invite(ctx: AuthContext, input: { email: string; data: Record<string, unknown>; redirect: string }): Promise<Record<string, unknown>> {
  const existing = await findUserByEmail(ctx.sql, input.email);
  if (existing?.email_confirmed_at) throw errors.emailExists();
  const invited = await ctx.sql.begin(async (tx) => {
    const user = existing ?? (await createUser(tx, { email: input.email, password: null, data: input.data, confirmed: false }));
    await sendTokenMail(tx, user, "invite", input.redirect);
    return (await findUserById(tx, user.id))!;
  });
  return userJson(ctx.sql, invited);
}
