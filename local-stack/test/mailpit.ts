/**
 * Reading Auth's e-mails through Mailpit's REST API (the stand-in serves the
 * same subset). Used by the contract tests and the end-to-end tests alike.
 */
import type { Session, SupabaseClient } from "@supabase/supabase-js";
import { mailpitUrl } from "./env.ts";

export interface Mail {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
  To: { Address: string }[];
}

/** The newest e-mail to `address`, waiting up to a few seconds for it to arrive. */
export async function latestMailTo(address: string, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const search = await fetch(`${mailpitUrl}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
    if (search.status !== 200) throw new Error(`the mail catcher answered ${search.status}`);
    const { messages } = (await search.json()) as { messages: { ID: string }[] };
    if (messages[0]) return (await (await fetch(`${mailpitUrl}/api/v1/message/${messages[0].ID}`)).json()) as Mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** How many e-mails `address` has received. */
export async function mailCount(address: string): Promise<number> {
  const search = await fetch(`${mailpitUrl}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
  return ((await search.json()) as { messages: unknown[] }).messages.length;
}

/**
 * The first link in an e-mail that points at Auth's /verify: from the HTML's
 * href (Auth's templates send HTML only; the catchers' text versions wrap
 * links in brackets), else from the text.
 */
export function verifyLinkIn(mail: Mail): string {
  const verify = /https?:\/\/[^\s"'<>()[\]]+\/auth\/v1\/verify\?[^\s"'<>()[\]]+/;
  const link = verify.exec(mail.HTML ?? "")?.[0] ?? verify.exec(mail.Text)?.[0];
  if (!link) throw new Error(`no verify link in: ${mail.Text}`);
  return link.replaceAll("&amp;", "&");
}

/** The one-time code in an e-mail. */
export function codeIn(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.Text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.Text}`);
  return code;
}

/**
 * Confirms a new account the way its owner would, by the link in the e-mail
 * (its token hash, sent to Auth's /verify), and returns the session.
 */
export async function confirmByMail(client: SupabaseClient, email: string): Promise<Session> {
  const hash = new URL(verifyLinkIn(await latestMailTo(email))).searchParams.get("token");
  const { data, error } = await client.auth.verifyOtp({ type: "signup", token_hash: hash ?? "" });
  if (error || !data.session) throw error ?? new Error(`confirming ${email} returned no session`);
  return data.session;
}
