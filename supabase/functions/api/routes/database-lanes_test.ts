/**
 * Handlers that change data take a write place (`writeAsCaller`,
 * `callAsCaller`, `checkAsCaller`); readers use `asCaller`, a short read at a
 * time however long their answer streams. Checked on the source so that a
 * new write cannot slip into the readers' places (`_shared/db.ts`: at most
 * DB_ACTIVE_WRITES writes at once).
 */
import assert from "node:assert/strict";

const readCall = /\basCaller\(/;
const writeCall = /\b(writeAsCaller|callAsCaller|checkAsCaller)\(/;

/** Each route of a file: its method, path and source up to the next route. */
async function routes(file: string): Promise<{ method: string; path: string; source: string }[]> {
  const source = await Deno.readTextFile(new URL(file, import.meta.url));
  const starts = [...source.matchAll(/Router\.(get|post|put|patch|delete)\(\s*("[^"]*"|[\w.]+)/g)];
  return starts.map((start, i) => ({
    method: start[1],
    path: start[2],
    source: source.slice(start.index, starts[i + 1]?.index ?? source.length),
  }));
}

Deno.test("every route that changes data takes a write place; reads take none", async () => {
  let writes = 0;
  for await (const entry of Deno.readDir(new URL(".", import.meta.url))) {
    if (!entry.name.endsWith(".ts") || entry.name.endsWith("_test.ts")) continue;
    for (const route of await routes(entry.name)) {
      const where = `${route.method.toUpperCase()} ${route.path} (${entry.name})`;
      if (route.method === "get") {
        assert.equal(writeCall.test(route.source), false, `${where} reads, yet takes a write place`);
        continue;
      }
      writes++;
      assert.equal(readCall.test(route.source), false, `${where} changes data through asCaller: use writeAsCaller`);
    }
  }
  assert.ok(writes >= 15, `found only ${writes} routes that change data: has the routers' style changed?`);
});
