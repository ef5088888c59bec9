/**
 * Reauthentication by an e-mailed code, as supabase/auth
 * internal/api/reauthenticate.go has it: GET /reauthenticate mails a signed-in
 * user with a confirmed address the `reauthentication` template's code
 * (one per `max_frequency`; mail.go, sendReauthenticationOtp), and PUT /user
 * takes it as `nonce` where a password change needs it: with
 * `secure_password_change`, for a session older than a day (user.go,
 * UserUpdate). A code is good once, for `otp_expiry` seconds.
 */
import { siteUrl } from "../config.ts";
import { authSettings } from "../project-config.ts";
import { assertMaxFrequency, otpCode, tokenHash } from "./email-flows.ts";
import { AuthError, errors } from "./errors.ts";
import { sendAuthMail } from "./mailer.ts";
import type { Db, UserRow } from "./users.ts";

const invalidNonce = () => new AuthError(422, "reauthentication_not_valid", "Nonce has expired or is invalid");

/** GET /reauthenticate for `user`, who holds a valid session. */
export async function sendReauthentication(db: Db, user: UserRow): Promise<void> {
  if (!user.email) throw errors.validation("Reauthentication requires the user to have an email or a phone number");
  if (!user.email_confirmed_at) throw new AuthError(422, "email_not_confirmed", "Please verify your email first.");
  assertMaxFrequency(user.reauthentication_sent_at);
  const code = otpCode();
  await db`
    update auth.users set reauthentication_token = ${tokenHash(user.email, code)}, reauthentication_sent_at = now()
    where id = ${user.id}`;
  // The values GoTrue gives this template (templatemailer.go, ReauthenticateMail); the others render empty.
  await sendAuthMail("reauthentication", user.email, {
    SiteURL: siteUrl, Email: user.email, Token: code, Data: user.raw_user_meta_data ?? {}, ConfirmationURL: "", TokenHash: "", RedirectTo: "",
  });
}

/** GoTrue's verifyReauthentication: the code of the latest e-mail, unexpired, used up by this check. */
export async function verifyNonce(db: Db, user: UserRow, nonce: string): Promise<void> {
  const sentAt = user.reauthentication_sent_at;
  if (!user.reauthentication_token || !sentAt) throw invalidNonce();
  const expired = Date.now() > sentAt.getTime() + authSettings().email.otp_expiry * 1000;
  if (expired || tokenHash(user.email ?? "", nonce) !== user.reauthentication_token) throw invalidNonce();
  await db`update auth.users set reauthentication_token = '' where id = ${user.id}`;
}

/** Whether a new password needs a nonce: `secure_password_change` is on and the session began over a day ago (user.go). */
function passwordChangeNeedsNonce(sessionCreatedAt: Date): boolean {
  return authSettings().email.secure_password_change && Date.now() > sessionCreatedAt.getTime() + 24 * 3600 * 1000;
}

/** PUT /user's check before a new password (user.go, UserUpdate): 400 reauthentication_needed without a nonce where one is needed. */
export async function assertReauthenticated(db: Db, user: UserRow, sessionCreatedAt: Date, nonce: unknown): Promise<void> {
  if (!passwordChangeNeedsNonce(sessionCreatedAt)) return;
  if (typeof nonce !== "string" || nonce === "") throw new AuthError(400, "reauthentication_needed", "Password update requires reauthentication");
  await verifyNonce(db, user, nonce);
}
