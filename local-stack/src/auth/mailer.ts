/**
 * Delivers Auth's e-mails over SMTP to the stack's mail catcher, as
 * `supabase start` delivers them to Mailpit: the templates of
 * supabase/config.toml rendered with GoTrue's values (./mail-templates.ts),
 * sent as one text/html body as GoTrue's mailer sends them
 * (supabase/auth internal/mailer/mailmeclient/mailmeclient.go).
 */
import nodemailer from "nodemailer";
import { ports } from "../config.ts";
import { renderAuthMail, type TemplateData, type TemplateName } from "./mail-templates.ts";

const transport = nodemailer.createTransport({ host: "127.0.0.1", port: ports.smtp, secure: false, ignoreTLS: true });

/** Sends the e-mail `name` to `to`. */
export async function sendAuthMail(name: TemplateName, to: string, data: TemplateData): Promise<void> {
  const { subject, html } = renderAuthMail(name, data);
  await transport.sendMail({ from: '"Supabase Auth (local)" <admin@email.com>', to, subject, html });
}
