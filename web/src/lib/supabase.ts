import type { AuthClient as AuthClientClass } from "@supabase/auth-js";
import { env } from "@/config/env";

type AuthClient = InstanceType<typeof AuthClientClass>;

/**
 * Supabase Auth only. Data goes through `/api` (see api-client.ts); the SPA
 * never talks to PostgREST, Storage or Realtime, so it loads `@supabase/auth-js`
 * alone instead of all of supabase-js.
 *
 * Configured as `createClient(url, anonKey).auth` would be: the same auth URL,
 * headers and storage key (`sb-<first label of the host>-auth-token`), so
 * sessions stored by earlier versions of the site stay signed in.
 *
 * The client itself (about 22 KB gzipped) loads only when it can matter: a
 * session is stored, the address carries an OAuth answer, or someone signs in
 * or up. A visitor's pages never wait for it.
 */
export const authStorageKey = `sb-${new URL(env.supabaseUrl).hostname.split(".")[0]}-auth-token`;

/** Whether a session may exist: one is stored, or an OAuth redirect brought one (implicit flow). */
export function mayHaveSession(): boolean {
  // A server renders every page as a visitor sees it.
  if (typeof window === "undefined") return false;
  try {
    if (window.localStorage.getItem(authStorageKey) !== null) return true;
  } catch {
    // Storage blocked: auth-js could not keep a session either.
  }
  return /(^|[#&?])(access_token|error_description)=/.test(window.location.hash + window.location.search);
}

let client: Promise<AuthClient> | undefined;
const loadListeners = new Set<(auth: AuthClient) => void>();

/** The auth client, loaded on first use. */
export function getAuthClient(): Promise<AuthClient> {
  client ??= import("@supabase/auth-js").then(({ AuthClient }) => {
    const auth = new AuthClient({
      url: `${env.supabaseUrl}/auth/v1`,
      headers: { Authorization: `Bearer ${env.supabaseAnonKey}`, apikey: env.supabaseAnonKey },
      storageKey: authStorageKey,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      flowType: "implicit",
    });
    for (const listener of loadListeners) listener(auth);
    return auth;
  });
  return client;
}

/** Calls `listener` with the auth client once it is loaded (at once when it already is); returns the unsubscribe. */
export function onAuthClientLoaded(listener: (auth: AuthClient) => void): () => void {
  if (client) {
    let active = true;
    void client.then((auth) => active && listener(auth));
    return () => {
      active = false;
    };
  }
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

/** The current access token, refreshed by auth-js when it is about to expire; none (without loading auth-js) for visitors. */
export async function getAccessToken(): Promise<string | undefined> {
  if (!client && !mayHaveSession()) return undefined;
  const { data } = await (await getAuthClient()).getSession();
  return data.session?.access_token ?? undefined;
}
