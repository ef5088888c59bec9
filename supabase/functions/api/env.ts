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
