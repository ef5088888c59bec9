// The api function on a port of our choosing, for the edge-runtime Deno check
// (scripts/edge-runtime/check.ts copies this beside supabase/functions):
// Deno 2.1 has no DENO_SERVE_ADDRESS.
import { app } from "./supabase/functions/api/app.ts";

Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen: () => console.log("listening") }, app.fetch);
