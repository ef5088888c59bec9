// The environment first: the app's modules read it at import.
import "../testing/offline-env.ts";
import assert from "node:assert/strict";
import { createApp } from "../app.ts";

/** The function in process, its database address pointing at nothing (testing/offline-env.ts). */
const app = createApp({ listenForChanges: false });

Deno.test("GET /api/health answers without the database; GET /api/health/db asks it, and is no success when it cannot", async () => {
  const memory = await app.request("http://localhost/api/health");
  assert.equal(memory.status, 200);
  assert.deepEqual(await memory.json(), { ok: true });

  const database = await app.request("http://localhost/api/health/db");
  assert.notEqual(database.status, 200);
  assert.equal(database.headers.get("cache-control"), "private, no-store");
  await database.body?.cancel();
});
