/**
 * The SPA's configuration, read from `import.meta.env` (VITE_* variables, see
 * `.env.example` at the repository root) and checked once at start.
 * Checked by hand rather than with zod: this runs before the first paint, and
 * zod's core would add about 15 KB (gzipped) to the home page's first load.
 */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const orDefault = (value: string | undefined, fallback: string) => (value && value.trim() ? value.trim() : fallback);

/** An optional text variable: anything but a string counts as unset. */
const text = (source: Record<string, unknown>, name: string): string | undefined =>
  typeof source[name] === "string" ? (source[name] as string) : undefined;

/** A required text variable, trimmed; records "<name> is missing" when absent or blank. */
function required(source: Record<string, unknown>, name: string, problems: string[]): string {
  const value = text(source, name)?.trim() ?? "";
  if (!value) problems.push(`${name} is missing`);
  return value;
}

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

export type Env = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  siteName: string;
  contactEmail: string;
  moderationEmail: string;
  authProviders: string[];
  posthogKey: string | undefined;
  posthogHost: string;
  /** Whether our images are offered as renditions sized for their slot (Storage's image transformations); off: originals. */
  imageTransforms: boolean;
  /** The licence under which visitors may reuse the archive's text and media (the Data page): its name and, if it has one, its address. */
  contentLicense: { name: string; url: string | undefined };
};

/** The demo's licence, as Wikipedia's: an operator names their own with VITE_CONTENT_LICENSE and VITE_CONTENT_LICENSE_URL. */
const defaultLicense = { name: "CC BY-SA 4.0", url: "https://creativecommons.org/licenses/by-sa/4.0/" };

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
  const missing: string[] = [];
  const supabaseUrl = required(source, "VITE_SUPABASE_URL", missing);
  const supabaseAnonKey = required(source, "VITE_SUPABASE_ANON_KEY", missing);
  if (supabaseUrl && !isHttpUrl(supabaseUrl)) missing.push("VITE_SUPABASE_URL is not a URL");
  if (missing.length) throw new EnvError(missing);
  const value = {
    VITE_SITE_NAME: text(source, "VITE_SITE_NAME"),
    VITE_CONTACT_EMAIL: text(source, "VITE_CONTACT_EMAIL"),
    VITE_MODERATION_EMAIL: text(source, "VITE_MODERATION_EMAIL"),
    VITE_AUTH_PROVIDERS: text(source, "VITE_AUTH_PROVIDERS"),
    VITE_POSTHOG_KEY: text(source, "VITE_POSTHOG_KEY"),
    VITE_POSTHOG_HOST: text(source, "VITE_POSTHOG_HOST"),
    VITE_IMAGE_TRANSFORMS: text(source, "VITE_IMAGE_TRANSFORMS"),
    VITE_CONTENT_LICENSE: text(source, "VITE_CONTENT_LICENSE"),
    VITE_CONTENT_LICENSE_URL: text(source, "VITE_CONTENT_LICENSE_URL"),
  };
  const posthogHost = orDefault(value.VITE_POSTHOG_HOST, "https://us.i.posthog.com");
  const contactEmail = orDefault(value.VITE_CONTACT_EMAIL, "hello@example.com");
  const moderationEmail = orDefault(value.VITE_MODERATION_EMAIL, "moderation@example.com");
  const imageTransforms = orDefault(value.VITE_IMAGE_TRANSFORMS, "on").toLowerCase();
  const licenseName = value.VITE_CONTENT_LICENSE?.trim() || undefined;
  // Another licence's name without an address has none: the default's address belongs to the default.
  const licenseUrl = value.VITE_CONTENT_LICENSE_URL?.trim() || (licenseName ? undefined : defaultLicense.url);
  const problems = [
    !URL.canParse(posthogHost) && "VITE_POSTHOG_HOST is not a URL",
    !emailPattern.test(contactEmail) && "VITE_CONTACT_EMAIL is not an e-mail address",
    !emailPattern.test(moderationEmail) && "VITE_MODERATION_EMAIL is not an e-mail address",
    !["on", "off"].includes(imageTransforms) && "VITE_IMAGE_TRANSFORMS is neither on nor off",
    licenseUrl !== undefined && !isHttpUrl(licenseUrl) && "VITE_CONTENT_LICENSE_URL is not a URL",
  ].filter((problem): problem is string => Boolean(problem));
  if (problems.length) throw new EnvError(problems);
  return {
    supabaseUrl: supabaseUrl.replace(/\/$/, ""),
    supabaseAnonKey,
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
    imageTransforms: imageTransforms === "on",
    contentLicense: { name: licenseName ?? defaultLicense.name, url: licenseUrl },
  };
}

/** Throws an `EnvError` listing every problem when the configuration is incomplete. */
export const env: Env = parseEnv(import.meta.env);
