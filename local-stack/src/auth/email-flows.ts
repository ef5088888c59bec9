/**
 * GoTrue's e-mail flows (supabase/auth internal/api/mail.go, verify.go,
 * recover.go, otp.go, resend.go): a one-time code and its hash per e-mail,
 * the hash in the link (`/verify?token=<hash>&type=…&redirect_to=…`) and in
 * the user's row, valid for `otp_expiry` seconds, one e-mail per
 * `max_frequency`.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import type { Sql, TransactionSql } from "postgres";
import { siteUrl, supabaseUrl } from "../config.ts";
import { authSettings } from "../project-config.ts";
import { AuthError } from "./errors.ts";
import { parseGoDuration } from "./go-duration.ts";
import type { TemplateName } from "./mail-templates.ts";
import { sendAuthMail } from "./mailer.ts";
import { hashPassword, type Db, type UserRow } from "./users.ts";

/** The hash GoTrue keeps and puts in links: hex SHA-224 of e-mail and code (internal/crypto, GenerateTokenHash). */
export const tokenHash = (email: string, code: string) => createHash("sha224").update(email + code).digest("hex");

/** A new one-time code of `otp_length` digits (internal/crypto, GenerateOtp). */
export const otpCode = () => String(randomInt(0, 10 ** authSettings().email.otp_length)).padStart(authSettings().email.otp_length, "0");

/** `max_frequency` in seconds (a Go duration; GoTrue's default of a minute if it is not one). */
function maxFrequencySeconds(): number {
  try {
    return parseGoDuration(authSettings().email.max_frequency) / 1000;
  } catch {
    return 60;
  }
}

/** GoTrue's validateSentWithinFrequencyLimit (internal/api/mail.go): one e-mail of a kind per `max_frequency`. */
export function assertMaxFrequency(lastSent: Date | null): void {
  const wait = maxFrequencySeconds();
  if (lastSent && Date.now() - lastSent.getTime() < wait * 1000) {
    const left = Math.ceil(wait - (Date.now() - lastSent.getTime()) / 1000);
    throw new AuthError(429, "over_email_send_rate_limit", `For security purposes, you can only request this after ${left} seconds.`);
  }
}

/**
 * Where a link may send the user: `redirect_to` if it is the site or one of
 * `additional_redirect_urls` (by origin, or by prefix for a `**` pattern),
 * else the site URL, as GoTrue's isRedirectURLValid decides.
 */
export function redirectTarget(requested: string | null | undefined): string {
  const settings = authSettings();
  if (requested) {
    try {
      const origin = new URL(requested).origin;
      const allowed = [settings.site_url, siteUrl, ...settings.additional_redirect_urls]
        .map((u) => u.replace(/\*+$/, ""))
        .some((u) => {
          try {
            return new URL(u).origin === origin;
          } catch {
            return false;
          }
        });
      if (allowed) return requested;
    } catch {
      // not a URL: the site it is
    }
  }
  return siteUrl;
}

/** The e-mails that carry one token: which column keeps its hash, and which template says it. */
export type TokenMailKind = "signup" | "recovery" | "magiclink" | "invite";

const tokenColumn = { signup: "confirmation_token", invite: "confirmation_token", recovery: "recovery_token", magiclink: "recovery_token" } as const;
const sentColumn = { signup: "confirmation_sent_at", invite: "confirmation_sent_at", recovery: "recovery_sent_at", magiclink: "recovery_sent_at" } as const;
const templateOf: Record<TokenMailKind | "email_change", TemplateName> = {
  signup: "confirmation", invite: "invite", recovery: "recovery", magiclink: "magic_link", email_change: "email_change",
};

/** Go's url.QueryEscape: everything but letters, digits and `-_.~` percent-encoded, spaces as `+`. */
const queryEscape = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replaceAll("%20", "+");

/**
 * The link of an e-mail, as GoTrue's getPath writes it (internal/mailer/templatemailer/templatemailer.go):
 * `redirect_to` escaped only when it holds `&`, `=` or `#` (otherwise the caller encoded it already).
 */
function verifyLink(hash: string, type: TokenMailKind | "email_change", redirect: string): string {
  const redirectTo = /[&=#]/.test(redirect) ? queryEscape(redirect) : redirect;
  return `${supabaseUrl}/auth/v1/verify?token=${queryEscape(hash)}&type=${type}&redirect_to=${redirectTo}`;
}

/** What every template is given (ConfirmationMail, RecoveryMail, MagicLinkMail, InviteMail). */
const templateData = (user: UserRow, link: string, code: string, hash: string, redirect: string) => ({
  SiteURL: siteUrl,
  ConfirmationURL: link,
  Email: user.email ?? "",
  Token: code,
  TokenHash: hash,
  Data: user.raw_user_meta_data ?? {},
  RedirectTo: redirect,
});

/** A one-time token as an e-mail or generate_link hands it out: the code, the hash GoTrue keeps, and the /verify link. */
export interface IssuedToken {
  code: string;
  hash: string;
  link: string;
}

/**
 * A new token of `kind` for `user`, its hash kept in the user's row (an
 * invitation also sets `invited_at`), as GoTrue's send functions and
 * adminGenerateLink keep it (internal/api/mail.go).
 */
export async function issueToken(db: Db, user: UserRow, kind: TokenMailKind, redirect: string): Promise<IssuedToken> {
  const code = otpCode();
  const hash = tokenHash(user.email ?? "", code);
  const invited = kind === "invite" ? ", invited_at = now()" : "";
  await db.unsafe(`update auth.users set ${tokenColumn[kind]} = $1, ${sentColumn[kind]} = now()${invited} where id = $2`, [hash, user.id]);
  return { code, hash, link: verifyLink(hash, kind, redirect) };
}

/**
 * Sends the e-mail of `kind` to `user` and keeps the token's hash; all but an
 * invitation (internal/api/mail.go, sendInvite) wait `max_frequency` between two.
 */
export async function sendTokenMail(db: Db, user: UserRow, kind: TokenMailKind, redirect: string): Promise<void> {
  assertMaxFrequency(kind === "signup" ? user.confirmation_sent_at : kind === "invite" ? null : user.recovery_sent_at);
  const { code, hash, link } = await issueToken(db, user, kind, redirect);
  await sendAuthMail(templateOf[kind], user.email ?? "", templateData(user, link, code, hash, redirect));
}

/**
 * adminGenerateLink's e-mail change (internal/api/mail.go): `newEmail` waits
 * for the link of `which` address, whose hash is kept; nothing is sent.
 * `hashed_token` is the hash with the current address, as GoTrue answers it.
 */
export async function issueEmailChangeToken(db: Db, user: UserRow, newEmail: string, which: "current" | "new", redirect: string): Promise<IssuedToken> {
  const code = otpCode();
  const hash = tokenHash(user.email ?? "", code);
  const kept = which === "current" ? hash : tokenHash(newEmail, code);
  const column = which === "current" ? "email_change_token_current" : "email_change_token_new";
  await db.unsafe(
    `update auth.users set email_change = $1, ${column} = $2, email_change_sent_at = now(), email_change_confirm_status = 0 where id = $3`,
    [newEmail, kept, user.id],
  );
  return { code, hash, link: verifyLink(kept, "email_change", redirect) };
}

/**
 * PUT /user with a new address (internal/api/mail.go, sendEmailChange): the
 * change waits for the link sent to the new address, and with
 * `double_confirm_changes` for the one sent to the current address too.
 */
export async function requestEmailChange(db: Db, user: UserRow, newEmail: string, redirect: string): Promise<void> {
  assertMaxFrequency(user.email_change_sent_at);
  const both = authSettings().email.double_confirm_changes && Boolean(user.email);
  const codeNew = otpCode();
  const codeCurrent = otpCode();
  const hashNew = tokenHash(newEmail, codeNew);
  const hashCurrent = both ? tokenHash(user.email ?? "", codeCurrent) : "";
  await db`
    update auth.users set email_change = ${newEmail}, email_change_token_new = ${hashNew}, email_change_token_current = ${hashCurrent},
                          email_change_sent_at = now(), email_change_confirm_status = 0
    where id = ${user.id}`;
  // Both copies name the current and the new address (EmailChangeMail); each has its own link.
  const mail = (to: string, code: string, hash: string) => {
    const link = verifyLink(hash, "email_change", redirect);
    return sendAuthMail("email_change", to, { ...templateData(user, link, code, hash, redirect), NewEmail: newEmail, SendingTo: to });
  };
  await mail(newEmail, codeNew, hashNew);
  if (both) await mail(user.email!, codeCurrent, hashCurrent);
}

export type VerifyType = "signup" | "invite" | "recovery" | "magiclink" | "email" | "email_change";

export const otpExpired = () => new AuthError(403, "otp_expired", "Token has expired or is invalid");

/** GoTrue's answer when one of the two e-mail change links has been opened (internal/api/verify.go). */
export const singleConfirmationAccepted = "Confirmation link accepted. Please proceed to confirm link sent to the other email";

export interface Verified {
  user: UserRow;
  /** One of an e-mail change's two links: nothing changes until the other is opened too. */
  waitingForOtherLink: boolean;
}

/**
 * The user whose token this is, its token used up and its e-mail confirmed
 * (a link or code proves the address); `otp_expired` otherwise.
 * `email` type codes match a signup or a magic-link token, as GoTrue's do.
 * An e-mail change applies once its links are all opened.
 */
export async function verifyToken(sql: Sql, type: VerifyType, proof: { tokenHash: string } | { email: string; token: string }): Promise<Verified> {
  return sql.begin(async (tx: TransactionSql) => {
    const hash = "tokenHash" in proof ? proof.tokenHash : tokenHash(proof.email.trim().toLowerCase(), proof.token.trim());
    if (type === "email_change") return verifyEmailChange(tx, hash);
    const kinds = type === "email" ? (["signup", "magiclink"] as const) : ([type] as const);
    for (const kind of kinds) {
      const [user] = await tx.unsafe<UserRow[]>(
        `select * from auth.users where ${tokenColumn[kind]} = $1 and ${tokenColumn[kind]} <> '' and deleted_at is null for update`,
        [hash],
      );
      if (!user) continue;
      const sentAt = kind === "signup" || kind === "invite" ? user.confirmation_sent_at : user.recovery_sent_at;
      if (!sentAt || Date.now() - sentAt.getTime() > authSettings().email.otp_expiry * 1000) throw otpExpired();
      // An invited user without a password gets a random one, for the site to have them choose theirs (verify.go, signupVerify).
      if ((kind === "signup" || kind === "invite") && !user.encrypted_password && user.invited_at) {
        await tx`update auth.users set encrypted_password = ${await hashPassword(randomBytes(48).toString("base64url"))} where id = ${user.id}`;
      }
      const [updated] = await tx.unsafe<UserRow[]>(
        `update auth.users set ${tokenColumn[kind]} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
                raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}', updated_at = now()
         where id = $1 returning *`,
        [user.id],
      );
      await tx`update auth.identities set identity_data = identity_data || '{"email_verified": true}' where user_id = ${user.id} and provider = 'email'`;
      return { user: updated!, waitingForOtherLink: false as const };
    }
    throw otpExpired();
  });
}

async function verifyEmailChange(tx: TransactionSql, hash: string): Promise<Verified> {
  const [found] = await tx<UserRow[]>`
    select * from auth.users
    where ((email_change_token_new = ${hash}) or (email_change_token_current = ${hash})) and ${hash} <> '' and deleted_at is null
    for update`;
  if (!found || !found.email_change || !found.email_change_sent_at) throw otpExpired();
  if (Date.now() - found.email_change_sent_at.getTime() > authSettings().email.otp_expiry * 1000) throw otpExpired();
  const settings = authSettings();
  const twoLinks = settings.email.enable_confirmations && settings.email.double_confirm_changes && Boolean(found.email);
  if (twoLinks && (found.email_change_confirm_status ?? 0) === 0) {
    const column = found.email_change_token_current === hash ? "email_change_token_current" : "email_change_token_new";
    const [updated] = await tx.unsafe<UserRow[]>(
      `update auth.users set ${column} = '', email_change_confirm_status = 1 where id = $1 returning *`, [found.id]);
    return { user: updated!, waitingForOtherLink: true as const };
  }
  const [updated] = await tx<UserRow[]>`
    update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
                          email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
                          raw_user_meta_data = raw_user_meta_data || jsonb_build_object('email', email_change)
    where id = ${found.id} returning *`;
  await tx`
    update auth.identities set identity_data = identity_data || ${tx.json({ email: updated!.email ?? "" })}, updated_at = now()
    where user_id = ${found.id} and provider = 'email'`;
  return { user: updated!, waitingForOtherLink: false as const };
}
