import { app } from "./app.ts";
import { survivePostgresWritesToClosedConnections } from "./db/closed-connection-guard.ts";

survivePostgresWritesToClosedConnections();
Deno.serve(app.fetch);
