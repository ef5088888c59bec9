/**
 * supabase/config.toml, the file `supabase start` and `supabase config push`
 * read, as the stand-in needs it: one source for both stacks.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { repoRoot } from "./config.ts";

export const projectConfigFile = path.join(repoRoot, "supabase", "config.toml");

interface HookConfig {
  enabled?: boolean;
  uri?: string;
}

/** `[auth.rate_limit]`, with GoTrue's defaults for what the file leaves out. */
export interface AuthRateLimits {
  token_refresh: number;
  sign_in_sign_ups: number;
  token_verifications: number;
  email_sent: number;
}

const defaultRateLimits: AuthRateLimits = { token_refresh: 150, sign_in_sign_ups: 30, token_verifications: 30, email_sent: 2 };

/** The `[auth]` and `[auth.email]` settings the stand-in follows, with GoTrue's (and the CLI's) defaults. */
export interface AuthSettings {
  site_url: string;
  additional_redirect_urls: string[];
  jwt_expiry: number;
  refresh_token_reuse_interval: number;
  enable_signup: boolean;
  minimum_password_length: number;
  email: {
    enable_confirmations: boolean;
    double_confirm_changes: boolean;
    /** GoTrue's UpdatePasswordRequireCurrentPassword: a new password needs the current one (CLI v3's `require_current_password`). */
    require_current_password: boolean;
    /** GoTrue's UpdatePasswordRequireReauthentication: a new password in a session over a day old needs GET /reauthenticate's code. */
    secure_password_change: boolean;
    max_frequency: string;
    otp_length: number;
    otp_expiry: number;
  };
}

/** One `[auth.email.template.<name>]`: its subject and the HTML file, relative to the project root as the CLI reads it. */
export interface EmailTemplateConfig {
  subject?: string;
  content_path?: string;
}

interface ProjectConfig {
  auth?: Partial<Omit<AuthSettings, "email">> & {
    hook?: Record<string, HookConfig>;
    rate_limit?: Partial<AuthRateLimits>;
    email?: Partial<AuthSettings["email"]> & { template?: Record<string, EmailTemplateConfig> };
  };
}

let cached: ProjectConfig | undefined;

function projectConfig(): ProjectConfig {
  cached ??= parse(readFileSync(projectConfigFile, "utf8")) as ProjectConfig;
  return cached;
}

/**
 * The Postgres function of an enabled `[auth.hook.<name>]` with a
 * `pg-functions://<database>/<schema>/<function>` URI, quoted as GoTrue calls
 * it (`select "schema"."function"($1)`), or undefined when the hook is off.
 * HTTP hooks are not served by the stand-in, and say so at start.
 */
export function postgresHook(name: string): string | undefined {
  const hook = projectConfig().auth?.hook?.[name];
  if (!hook?.enabled || !hook.uri) return undefined;
  const match = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(hook.uri);
  if (!match) throw new Error(`[auth.hook.${name}] uri ${hook.uri}: the local stack runs only pg-functions:// hooks`);
  const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
  return `${quote(match[1]!)}.${quote(match[2]!)}`;
}

export function authRateLimits(): AuthRateLimits {
  return { ...defaultRateLimits, ...projectConfig().auth?.rate_limit };
}

/**
 * GoTrue's own variable overrides config.toml's `enable_confirmations` for one
 * run (`GOTRUE_MAILER_AUTOCONFIRM=true`: confirmations off), so the tests can
 * try both settings against one project.
 */
function autoconfirmOverride(): boolean | undefined {
  const value = process.env.GOTRUE_MAILER_AUTOCONFIRM;
  return value === undefined || value === "" ? undefined : value === "true";
}

/** `[auth.email.template.*]` by template name (confirmation, recovery, email_change, magic_link, invite, …). */
export function emailTemplateConfig(): Record<string, EmailTemplateConfig> {
  return projectConfig().auth?.email?.template ?? {};
}

export function authSettings(): AuthSettings {
  const auth = projectConfig().auth ?? {};
  const { template: _templates, ...email } = auth.email ?? {};
  const autoconfirm = autoconfirmOverride();
  return {
    site_url: auth.site_url ?? "http://127.0.0.1:3000",
    additional_redirect_urls: auth.additional_redirect_urls ?? [],
    jwt_expiry: auth.jwt_expiry ?? 3600,
    refresh_token_reuse_interval: auth.refresh_token_reuse_interval ?? 10,
    enable_signup: auth.enable_signup ?? true,
    minimum_password_length: auth.minimum_password_length ?? 6,
    email: {
      enable_confirmations: false,
      double_confirm_changes: true,
      require_current_password: false,
      secure_password_change: false,
      max_frequency: "1s",
      otp_length: 6,
      otp_expiry: 3600,
      ...email,
      ...(autoconfirm === undefined ? {} : { enable_confirmations: !autoconfirm }),
    },
  };
}
