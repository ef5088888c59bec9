/**
 * What supabase/config.toml says Auth's e-mails are, for tests that read
 * them from the mail catcher: the same on the stand-in and `supabase start`.
 */
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import type { Mail } from "./mailpit.ts";

type TemplateName = "confirmation" | "recovery" | "email_change" | "magic_link" | "invite";

const config = parse(readFileSync(new URL("../../supabase/config.toml", import.meta.url), "utf8")) as {
  auth: { email: { template: Record<TemplateName, { subject: string }> } };
};

/** The subject `[auth.email.template.<name>]` gives. */
export const configuredSubject = (name: TemplateName) => config.auth.email.template[name].subject;

/** An e-mail's text as one line (the catcher wraps it): what a reader sees. */
export const readableText = (mail: Mail) => mail.Text.replace(/\s+/g, " ");

/** An e-mail's text without its links: no code to type may hide in it. */
export const textWithoutLinks = (mail: Mail) => readableText(mail).replace(/\[?https?:\/\/\S+/g, "");
