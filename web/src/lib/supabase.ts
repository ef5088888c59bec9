import { AuthClient } from "@supabase/auth-js";
import { env } from "@/config/env";

/**
 * Supabase Auth only. Data goes through `/api` (see api-client.ts); the SPA
 * never talks to PostgREST, Storage or Realtime, so it loads `@supabase/auth-js`
 * alone instead of all of supabase-js (half the size of the first load).
 *
 * Configured as `createClient(url, anonKey).auth` would be: the same auth URL,
 * headers and storage key (`sb-<first label of the host>-auth-token`), so
 * sessions stored by earlier versions of the site stay signed in.
 */
const storageKey = `sb-${new URL(env.supabaseUrl).hostname.split(".")[0]}-auth-token`;

export const supabase = {
  auth: new AuthClient({
    url: `${env.supabaseUrl}/auth/v1`,
    headers: { Authorization: `Bearer ${env.supabaseAnonKey}`, apikey: env.supabaseAnonKey },
    storageKey,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: "implicit",
  }),
};

/** The current access token, refreshed by auth-js when it is about to expire. */
export async function getAccessToken(): Promise<string | undefined> {
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? undefined;
}
