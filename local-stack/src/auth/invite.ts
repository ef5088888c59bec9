/**
 * POST /invite (service role; supabase-js inviteUserByEmail), as
 * supabase/auth internal/api/invite.go: the address checked as GoTrue checks
 * it (mail.go, validateEmail); a new address becomes an unconfirmed user
 * without a password whose metadata is `data`, after the before_user_created
 * hook; an address already confirmed is 422 email_exists; an unconfirmed one
 * is invited again. The invitation e-mail (the `invite` template, no
 * max_frequency wait: mail.go, sendInvite) sets `invited_at`; its link
 * confirms the address and signs the user in (verify.go, signupVerify).
 */
import { objectParam, stringParam, type Params } from "./admin-params.ts";
import { validateEmail } from "./credentials.ts";
import { redirectTarget, sendTokenMail } from "./email-flows.ts";
import { errors } from "./errors.ts";
import type { AuthContext } from "./context.ts";
import { createUser, findUserById, findUserByEmail, userJson } from "./users.ts";

/** Invites the address `input` names (the caller holds the service role: the route checked it). */
export async function invite(ctx: AuthContext, input: Params, requestedRedirect: string | null): Promise<Record<string, unknown>> {
  const email = validateEmail(stringParam(input, "email"));
  const data = objectParam(input, "data") ?? {};
  const redirect = redirectTarget(requestedRedirect);
  const invited = await ctx.sql.begin(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) throw errors.emailExists();
    const user = existing ?? (await createUser(tx, { email, password: null, data, confirmed: false }));
    await sendTokenMail(tx, user, "invite", redirect);
    return (await findUserById(tx, user.id))!;
  });
  return userJson(ctx.sql, invited);
}
