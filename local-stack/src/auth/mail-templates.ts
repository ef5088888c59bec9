/**
 * Auth's e-mail templates as GoTrue loads them (supabase/auth
 * internal/mailer/templatemailer/template.go): the subject of
 * `[auth.email.template.<name>]` in supabase/config.toml, else GoTrue's; the
 * body from its `content_path` (relative to the project root, as the CLI
 * resolves it), read on every e-mail as `supabase start` reloads templates.
 * Without a file GoTrue uses its own body. A file missing at start is refused
 * by the CLI (the stack's migration step runs it); one that cannot be read
 * later gets GoTrue's own subject and body together (Cache.load, loadEntryDefault).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../config.ts";
import { emailTemplateConfig, type EmailTemplateConfig } from "../project-config.ts";
import { renderGoTemplate } from "./go-template.ts";

export type TemplateName = "confirmation" | "recovery" | "email_change" | "magic_link" | "invite" | "reauthentication";

/** The values GoTrue hands each template (templatemailer.go, ConfirmationMail and the others). */
export interface TemplateData {
  SiteURL: string;
  ConfirmationURL: string;
  Email: string;
  Token: string;
  TokenHash: string;
  Data: Record<string, unknown>;
  RedirectTo: string;
  /** Only for email_change: the address being confirmed, and the one this copy goes to. */
  NewEmail?: string;
  SendingTo?: string;
}

// GoTrue's defaults (auth v2.197.0, the version supabase CLI v3.1.0 runs), used when config.toml names none.
const defaultSubjects: Record<TemplateName, string> = {
  invite: "You've been invited",
  confirmation: "Confirm your email address",
  recovery: "Reset your password",
  magic_link: "Your sign-in link",
  email_change: "Confirm your new email address",
  reauthentication: "{{ .Token }} is your verification code",
};

const defaultBodies: Record<TemplateName, string> = {
  invite: `<h2>You've been invited</h2>

<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>`,
  confirmation: `<h2>Confirm your email address</h2>

<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
`,
  recovery: `<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  magic_link: `<h2>Your sign-in link</h2>

<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>`,
  email_change: `<h2>Confirm your new email address</h2>

<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  reauthentication: `<h2>Your verification code</h2>

<p>Use the code below to verify your identity. It expires shortly.</p>
<p>{{ .Token }}</p>`,
};

const templateFile = (contentPath: string) => (path.isAbsolute(contentPath) ? contentPath : path.join(repoRoot, contentPath));

function template(name: TemplateName, config: EmailTemplateConfig): { subject: string; body: string } {
  const subject = config.subject || defaultSubjects[name];
  if (!config.content_path) return { subject, body: defaultBodies[name] };
  try {
    return { subject, body: readFileSync(templateFile(config.content_path), "utf8") };
  } catch {
    return { subject: defaultSubjects[name], body: defaultBodies[name] };
  }
}

/** The subject and HTML body of the e-mail `name`, rendered with `data`; `config` is config.toml's unless given. */
export function renderAuthMail(
  name: TemplateName,
  data: TemplateData,
  config: EmailTemplateConfig = emailTemplateConfig()[name] ?? {},
): { subject: string; html: string } {
  const { subject, body } = template(name, config);
  const values = data as unknown as Record<string, unknown>;
  return { subject: renderGoTemplate(subject, values), html: renderGoTemplate(body, values) };
}
