/**
 * The environment the function reads at import (env.ts), pointing at
 * nothing that answers: in-process tests import the app without a stack, and a
 * route that reached the database or Storage would fail rather than pass.
 * Imported first by such tests, before the app.
 */
const offline = {
  SUPABASE_URL: "http://127.0.0.1:9",
  SUPABASE_SERVICE_ROLE_KEY: "offline-service-role-key",
  SUPABASE_DB_URL: "postgres://offline@127.0.0.1:9/offline",
  SUPABASE_ANON_KEY: "offline-anon-key",
  SITE_URL: "http://archive.test",
};
for (const [name, value] of Object.entries(offline)) Deno.env.set(name, value);
Deno.env.delete("API_DATABASE_URL");

export const offlineAnonKey = offline.SUPABASE_ANON_KEY;
