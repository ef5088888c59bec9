/**
 * The e-mails Auth sends, with GoTrue's default subjects and texts
 * (supabase/auth internal/mailer/template.go), delivered over SMTP to the
 * stack's mail catcher, as `supabase start` delivers them to Mailpit.
 */
import nodemailer from "nodemailer";
import { ports } from "../config.ts";

const transport = nodemailer.createTransport({ host: "127.0.0.1", port: ports.smtp, secure: false, ignoreTLS: true });

export type MailKind = "signup" | "recovery" | "magiclink" | "email_change";

const templates: Record<MailKind, { subject: string; heading: string; text: string; action: string }> = {
  signup: { subject: "Confirm Your Signup", heading: "Confirm your signup", text: "Follow this link to confirm your user:", action: "Confirm your mail" },
  recovery: { subject: "Reset Your Password", heading: "Reset Password", text: "Follow this link to reset the password for your user:", action: "Reset Password" },
  magiclink: { subject: "Your Magic Link", heading: "Magic Link", text: "Follow this link to login:", action: "Log In" },
  email_change: { subject: "Confirm Email Change", heading: "Confirm Change of Email", text: "Follow this link to confirm the update of your email:", action: "Change Email" },
};

/** Sends the e-mail of `kind` with its link and one-time code to `to`. */
export async function sendAuthMail(kind: MailKind, to: string, link: string, code: string): Promise<void> {
  const t = templates[kind];
  await transport.sendMail({
    from: '"Supabase Auth (local)" <admin@email.com>',
    to,
    subject: t.subject,
    text: `${t.heading}\n\n${t.text}\n${link}\n\nOr enter this code: ${code}\n`,
    html: `<h2>${t.heading}</h2><p>${t.text}</p><p><a href="${link.replaceAll("&", "&amp;")}">${t.action}</a></p><p>Or enter this code: ${code}</p>`,
  });
}
