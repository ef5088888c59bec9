/** The stack under test, from the environment (`npm run --silent stack:env`, or `supabase status -o env` renamed). */
import { createClient } from "@supabase/supabase-js";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests against a stack (see scripts/test.ts)`);
  return value;
}

export const supabaseUrl = required("SUPABASE_URL").replace(/\/$/, "");
export const anonKey = required("SUPABASE_ANON_KEY");
export const serviceRoleKey = required("SUPABASE_SERVICE_ROLE_KEY");
/** The opaque keys (`supabase status -o env` calls them PUBLISHABLE_KEY and SECRET_KEY). */
export const publishableKey = required("SUPABASE_PUBLISHABLE_KEY");
/** Where Auth's e-mails can be read: Mailpit under `supabase start`, the stand-in's catcher under `npm start`. */
/** The site Auth's links lead back to (config.toml's site_url under `supabase start`). */
export const siteUrl = (process.env.SITE_URL ?? "http://localhost:5173").replace(/\/$/, "");
export const mailpitUrl = required("MAILPIT_URL").replace(/\/$/, "");

/**
 * Node 20 has no global WebSocket, and supabase-js builds its Realtime client
 * eagerly; these tests never use Realtime, so it gets a transport that says so.
 */
class NoRealtime {
  constructor() {
    throw new Error("Realtime is not part of the local stack's contract");
  }
}

// Each test file runs in a process of its own: a random start keeps two files from being the same client.
let clients = Math.floor(Math.random() * 120_000);
/** The next address of the benchmarking range 198.18.0.0/15 (RFC 2544), one per client. */
const nextAddress = () => {
  const n = clients++ % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
};
/**
 * A client that keeps its session in memory only, like a fresh browser tab.
 * Each has an address of its own, as separate people do, so Auth's per-client
 * rate limits (hosted, and the stand-in) count it alone. Pass `address` to act
 * as one client over several.
 */
export const newClient = (key = anonKey, address = nextAddress()) =>
  createClient(supabaseUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: { headers: { "x-forwarded-for": address } },
  });

let counter = 0;
/** An e-mail address no earlier run used. */
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${process.pid}-${counter++}@contract.test`;
