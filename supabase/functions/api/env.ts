// The variables the Supabase edge runtime provides to every function (and the
// local stack provides the same way). Read once, so a missing one fails at
// start-up rather than on the first request that needs it.
function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const env = {
  supabaseUrl: required("SUPABASE_URL").replace(/\/$/, ""),
  serviceRoleKey: required("SUPABASE_SERVICE_ROLE_KEY"),
  // Our own name wins: hosted projects reserve SUPABASE_* for the platform's
  // values, so a pooler URL (Supavisor, transaction mode) can only come this way.
  databaseUrl: Deno.env.get("API_DATABASE_URL") || required("SUPABASE_DB_URL"),
  // The site's public origin, for the absolute links feeds, the sitemap and
  // share cards carry. Not a platform variable: a secret of our own
  // (`supabase secrets set SITE_URL=…`; `supabase functions serve` reads it
  // from supabase/functions/.env).
  siteUrl: new URL(required("SITE_URL")).origin,
  // The name feeds are titled with; the same default as the SPA's VITE_SITE_NAME.
  siteName: Deno.env.get("SITE_NAME")?.trim() || "The Community Archive",
};

/** A comma-separated list from the environment, without blanks. */
const list = (name: string) => (Deno.env.get(name) ?? "").split(",").map((item) => item.trim()).filter(Boolean);

/** What the sources jobs need (docs/deploy.md, "Sources"). */
export const sourcesEnv = {
  // POST /api/jobs/sources answers only a caller that sends it (Supabase Cron keeps it in Vault); unset, the jobs are off.
  jobSecret: Deno.env.get("SOURCES_JOB_SECRET") ?? "",
  waybackAvailabilityUrl: Deno.env.get("WAYBACK_AVAILABILITY_URL") || "https://archive.org/wayback/available",
  waybackSaveUrl: (Deno.env.get("WAYBACK_SAVE_URL") || "https://web.archive.org/save").replace(/\/$/, ""),
  // Save Page Now 2 takes requests only with an archive.org account's S3 keys; without them only existing captures are recorded.
  waybackAccessKey: Deno.env.get("WAYBACK_ACCESS_KEY") ?? "",
  waybackSecretKey: Deno.env.get("WAYBACK_SECRET_KEY") ?? "",
  // host:port pairs on loopback the checker may open (the local stack's stand-ins and the tests' fake site); never set on a hosted project.
  loopbackAllowList: list("SOURCES_FETCH_ALLOW_LOOPBACK"),
  // Named in the checker's User-Agent, so a site's owner can reach us.
  contact: Deno.env.get("SOURCES_CONTACT")?.trim() || "",
  // How long one drain claims new jobs: with a 10 s fetch limit it stays far inside a hosted function's 150 s.
  jobBudgetMs: Number(Deno.env.get("SOURCES_JOB_BUDGET_MS") || 20_000),
};

/** What sending e-mail needs (docs/deploy.md, "E-mail notifications"): Resend's API, as Supabase's guide sends with it. */
export const emailEnv = {
  // Unset, nothing is sent: the drain leaves the outbox as it is.
  resendApiKey: Deno.env.get("RESEND_API_KEY") ?? "",
  // The local stack's stand-in (local-stack/src/resend); the real API otherwise.
  resendApiUrl: (Deno.env.get("RESEND_API_URL") || "https://api.resend.com").replace(/\/$/, ""),
  // A sender on a domain verified in Resend, e.g. "The Community Archive <notifications@example.org>".
  from: Deno.env.get("EMAIL_FROM")?.trim() ?? "",
  // Signs the unsubscribe links (email/unsubscribe-token.ts); changing it makes every link already sent invalid.
  tokenSecret: Deno.env.get("EMAIL_TOKEN_SECRET") ?? "",
  // The Resend webhook's signing secret ("whsec_…"), for bounces and complaints; unset, the webhook answers 503.
  webhookSecret: Deno.env.get("RESEND_WEBHOOK_SECRET") ?? "",
};
