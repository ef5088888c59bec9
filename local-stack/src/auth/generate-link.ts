/**
 * POST /admin/generate_link (supabase-js generateLink), as supabase/auth
 * internal/api/mail.go, adminGenerateLink, answers it: the user with
 * `action_link`, `email_otp`, `hashed_token`, `redirect_to` and
 * `verification_type`; the token is kept as the e-mail's would be, and no
 * e-mail is sent. A magic link for an unknown address is a sign-up link for a
 * new account (with a made-up password); recovery and e-mail change links
 * need an existing account; sign-up and invite links refuse a confirmed one.
 */
import { randomBytes } from "node:crypto";
import { authSettings } from "../project-config.ts";
import { objectParam, stringParam, type Params } from "./admin-params.ts";
import type { AuthContext } from "./context.ts";
import { assertStrongPassword, validateEmail } from "./credentials.ts";
import { issueEmailChangeToken, issueToken, redirectTarget, type IssuedToken } from "./email-flows.ts";
import { AuthError, errors } from "./errors.ts";
import { createUser, findUserByEmail, findUserById, mergeMetadata, userJson, type UserRow } from "./users.ts";

const userWithEmailNotFound = () => new AuthError(404, "user_not_found", "User with this email not found");

/**
 * Where the link leads: the body's `redirect_to` if allowed, else the
 * request's (supabase-js sends it in the query), else the site
 * (utilities.GetReferrer, then adminGenerateLink's own check).
 */
function linkRedirect(input: Params, requested: string | null): string {
  const fromBody = stringParam(input, "redirect_to");
  return fromBody && redirectTarget(fromBody) === fromBody ? fromBody : redirectTarget(requested);
}

export async function generateLink(ctx: AuthContext, input: Params, requestedRedirect: string | null): Promise<Record<string, unknown>> {
  const email = validateEmail(stringParam(input, "email"));
  const redirect = linkRedirect(input, requestedRedirect);
  const data = objectParam(input, "data") ?? {};
  let type = stringParam(input, "type");
  let password = stringParam(input, "password");
  const existing = await findUserByEmail(ctx.sql, email);
  if (!existing) {
    if (type === "magiclink") {
      type = "signup";
      password = randomBytes(48).toString("base64url");
    } else if (["recovery", "email_change_current", "email_change_new"].includes(type)) {
      throw userWithEmailNotFound();
    }
  }
  if (type === "signup" && !existing) {
    if (password === "") throw errors.validation("Signup requires a valid password");
    assertStrongPassword(password);
  }

  const { user, token } = await ctx.sql.begin(async (tx): Promise<{ user: UserRow; token: IssuedToken }> => {
    switch (type) {
      case "magiclink":
      case "recovery":
        return { user: existing!, token: await issueToken(tx, existing!, type, redirect) };
      case "invite":
      case "signup": {
        if (existing?.email_confirmed_at) throw errors.emailExists();
        let user = existing;
        if (user && type === "signup") {
          await tx`update auth.users set raw_user_meta_data = ${tx.json(mergeMetadata(user.raw_user_meta_data, data) as never)} where id = ${user.id}`;
        }
        user ??= await createUser(tx, { email, password: type === "signup" ? password : null, data, confirmed: false });
        return { user, token: await issueToken(tx, user, type, redirect) };
      }
      case "email_change_current":
      case "email_change_new": {
        if (!authSettings().email.double_confirm_changes && type === "email_change_current") {
          throw errors.validation("Enable secure email change to generate link for current email");
        }
        const newEmail = validateEmail(stringParam(input, "new_email"));
        const taken = await findUserByEmail(tx, newEmail);
        if (taken && taken.id !== existing!.id) throw errors.emailExists();
        const which = type === "email_change_current" ? "current" : "new";
        return { user: existing!, token: await issueEmailChangeToken(tx, existing!, newEmail, which, redirect) };
      }
      default:
        throw errors.validation(`Invalid email action link type requested: ${type}`);
    }
  });
  return {
    ...(await userJson(ctx.sql, (await findUserById(ctx.sql, user.id))!)),
    action_link: token.link,
    email_otp: token.code,
    hashed_token: token.hash,
    verification_type: type,
    redirect_to: redirect,
  };
}
