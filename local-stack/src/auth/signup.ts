/**
 * POST /signup as GoTrue answers it (supabase/auth internal/api/signup.go):
 *
 *   new address                        the user and its confirmation e-mail (`enable_confirmations`), else a session
 *   confirmed address, confirmations   200, a made-up user (sanitizeUser); no e-mail
 *   unconfirmed address, confirmations its confirmation e-mail again (429 within `max_frequency`), and the user
 *   existing address, no confirmations 422 user_already_exists
 *
 * Unlike GoTrue, an existing address takes as long as a new one (signup-timing.ts).
 */
import { randomUUID } from "node:crypto";
import { authSettings } from "../project-config.ts";
import { sendTokenMail } from "./email-flows.ts";
import { errors } from "./errors.ts";
import type { AuthContext } from "./context.ts";
import { startSession } from "./sessions.ts";
import { recordNewSignUp, takeAsLongAsANewSignUp } from "./signup-timing.ts";
import { createUser, findUserByEmail, findUserById, hashPassword, userJson } from "./users.ts";

export interface SignUpRequest {
  email: string;
  password: string;
  data: Record<string, unknown>;
  /** Where the confirmation link leads. */
  redirect: string;
}

/**
 * GoTrue's sanitizeUser: the answer for a confirmed address, in a new user's
 * shape, with a fresh id, the request's data and none of the account's dates
 * or identities (role left empty, as GoTrue leaves it).
 */
function lookAlikeUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: "",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** The body of the sign-up's 200 answer; throws the AuthError GoTrue would answer with. */
export async function signUp(ctx: AuthContext, { email, password, data, redirect }: SignUpRequest): Promise<unknown> {
  const confirmations = authSettings().email.enable_confirmations;
  // Before the transaction, as GoTrue's ToUserModel hashes; for an existing address too, so both cost this work.
  const passwordHash = await hashPassword(password);
  const hashedAt = performance.now();
  const answer = await ctx.sql
    .begin(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing && !confirmations) throw errors.userAlreadyExists();
      if (existing?.email_confirmed_at) return { existed: true, body: lookAlikeUser(email, data) };
      if (existing) {
        await sendTokenMail(tx, existing, "signup", redirect);
        return { existed: true, body: await userJson(tx, (await findUserById(tx, existing.id))!) };
      }
      const user = await createUser(tx, { email, password, passwordHash, data, confirmed: !confirmations, identityInMetadata: true });
      if (!confirmations) return { existed: false, body: await startSession(tx, ctx.keys, user, "password") };
      // No session until the address is confirmed: the answer is the user alone.
      await sendTokenMail(tx, user, "signup", redirect);
      return { existed: false, body: await userJson(tx, (await findUserById(tx, user.id))!) };
    })
    .catch((error: unknown) => {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if ((error as { code?: string }).code === "23505") throw errors.userAlreadyExists();
      throw error;
    });
  if (answer.existed) await takeAsLongAsANewSignUp(hashedAt);
  else if (confirmations) recordNewSignUp(hashedAt);
  return answer.body;
}
