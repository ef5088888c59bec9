import * as z from "zod/mini";

/**
 * The SPA's configuration, read from `import.meta.env` (VITE_* variables, see
 * `.env.example` at the repository root) and checked once at start.
 * (zod/mini keeps this out of the way of the initial bundle.)
 */
const text = () => z.optional(z.string());
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const orDefault = (value: string | undefined, fallback: string) => (value && value.trim() ? value.trim() : fallback);

const required = (name: string) => z.string({ error: `${name} is missing` }).check(z.trim(), z.minLength(1, { error: `${name} is missing` }));

export const envSchema = z.object({
  VITE_SUPABASE_URL: required("VITE_SUPABASE_URL").check(z.url({ error: "VITE_SUPABASE_URL is not a URL" })),
  VITE_SUPABASE_ANON_KEY: required("VITE_SUPABASE_ANON_KEY"),
  VITE_SITE_NAME: text(),
  VITE_CONTACT_EMAIL: text(),
  VITE_MODERATION_EMAIL: text(),
  VITE_AUTH_PROVIDERS: text(),
  VITE_POSTHOG_KEY: text(),
  VITE_POSTHOG_HOST: text(),
});

export type Env = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  siteName: string;
  contactEmail: string;
  moderationEmail: string;
  authProviders: string[];
  posthogKey: string | undefined;
  posthogHost: string;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The site is not configured: ${problems.join("; ")}. ` +
        "Set these VITE_* variables in the environment or in a .env file at the repository root (see .env.example).",
    );
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = [...new Set(result.error.issues.map((issue) => issue.message))];
    throw new EnvError(problems);
  }
  const value = result.data;
  const posthogHost = orDefault(value.VITE_POSTHOG_HOST, "https://us.i.posthog.com");
  const contactEmail = orDefault(value.VITE_CONTACT_EMAIL, "hello@example.com");
  const moderationEmail = orDefault(value.VITE_MODERATION_EMAIL, "moderation@example.com");
  const problems = [
    !URL.canParse(posthogHost) && "VITE_POSTHOG_HOST is not a URL",
    !emailPattern.test(contactEmail) && "VITE_CONTACT_EMAIL is not an e-mail address",
    !emailPattern.test(moderationEmail) && "VITE_MODERATION_EMAIL is not an e-mail address",
  ].filter((problem): problem is string => Boolean(problem));
  if (problems.length) throw new EnvError(problems);
  return {
    supabaseUrl: value.VITE_SUPABASE_URL.replace(/\/$/, ""),
    supabaseAnonKey: value.VITE_SUPABASE_ANON_KEY,
    siteName: orDefault(value.VITE_SITE_NAME, "The Community Archive"),
    contactEmail,
    moderationEmail,
    authProviders: [
      ...new Set(
        (value.VITE_AUTH_PROVIDERS ?? "")
          .split(",")
          .map((provider) => provider.trim().toLowerCase())
          .filter(Boolean),
      ),
    ],
    posthogKey: value.VITE_POSTHOG_KEY?.trim() || undefined,
    posthogHost,
  };
}

/** Throws an `EnvError` listing every problem when the configuration is incomplete. */
export const env: Env = parseEnv(import.meta.env);
