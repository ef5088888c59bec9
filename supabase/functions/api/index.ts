import { survivePostgresWritesToClosedConnections } from "../_shared/closed-connection-guard.ts";
import { app } from "./app.ts";

survivePostgresWritesToClosedConnections();
Deno.serve(app.fetch);
