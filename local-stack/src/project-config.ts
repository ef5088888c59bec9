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

interface ProjectConfig {
  auth?: { hook?: Record<string, HookConfig>; rate_limit?: Partial<AuthRateLimits> };
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
