import { createClient } from "@supabase/supabase-js";
import { env } from "@/config/env";

/**
 * Supabase client for Auth only. Data goes through `/api` (see api-client.ts);
 * never call `supabase.from(...)` or storage from the SPA.
 */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});

/** The current access token, refreshed by supabase-js when it is about to expire. */
export async function getAccessToken(): Promise<string | undefined> {
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? undefined;
}
