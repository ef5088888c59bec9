import assert from "node:assert/strict";
import { JsonText } from "../db/json-text.ts";
import { AnswerStore } from "./answer-store.ts";

const limits = { maxAgeMs: 30_000, maxEntries: 2, maxBodyBytes: 1024, maxTotalBytes: 1_000_000 };

function keepingStore() {
  const store = new AnswerStore(limits);
  store.keeping = true;
  return store;
}

/** A build that finishes when told to, counting how often it ran. */
function gatedBuild(value: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const build = { runs: 0, release, run: async () => {
    build.runs += 1;
    await gate;
    return value;
  } };
  return build;
}

Deno.test("requests that miss while an answer is being built share that one build", async () => {
  const store = keepingStore();
  const build = gatedBuild({ page: 1 });
  const answers = [store.answer("/a", build.run), store.answer("/a", build.run), store.answer("/a", build.run)];
  build.release();
  const results = await Promise.all(answers);
  assert.equal(build.runs, 1);
  assert.deepEqual(results.map((answer) => answer.json), ['{"page":1}', '{"page":1}', '{"page":1}']);
  const again = await store.answer("/a", () => Promise.reject(new Error("not built again")));
  assert.equal(again.fromMemory, true);
});

Deno.test("after a change, a request does not wait for a build that started before it", async () => {
  const store = keepingStore();
  const before = gatedBuild("before");
  const first = store.answer("/a", before.run);
  store.forgetEverything();
  const after = await store.answer("/a", () => Promise.resolve("after"));
  assert.equal(after.json, '"after"');
  before.release();
  assert.equal((await first).json, '"before"');
  // The build that overlapped the change was not kept; the later one was.
  assert.equal((await store.answer("/a", () => Promise.resolve("third"))).json, '"after"');
});

Deno.test("a failed build reaches everyone waiting for it and is not kept", async () => {
  const store = keepingStore();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const failing = async () => {
    await gate;
    throw new Error("database down");
  };
  const waiting = [store.answer("/a", failing), store.answer("/a", failing)];
  release();
  for (const result of await Promise.allSettled(waiting)) assert.equal(result.status, "rejected");
  assert.equal((await store.answer("/a", () => Promise.resolve("recovered"))).json, '"recovered"');
});

Deno.test("nothing is kept or shared while the store is not keeping", async () => {
  const store = new AnswerStore(limits);
  const build = gatedBuild("x");
  const answers = [store.answer("/a", build.run), store.answer("/a", build.run)];
  build.release();
  await Promise.all(answers);
  assert.equal(build.runs, 2);
  assert.equal((await store.answer("/a", () => Promise.resolve("y"))).fromMemory, false);
});

Deno.test("the least recently used answer goes first, and answers too large are not kept", async () => {
  const store = keepingStore();
  await store.answer("/a", () => Promise.resolve("a"));
  await store.answer("/b", () => Promise.resolve("b"));
  await store.answer("/a", () => Promise.resolve("a again")); // /a is now the most recently used
  await store.answer("/c", () => Promise.resolve("c"));
  assert.equal((await store.answer("/a", () => Promise.resolve("rebuilt"))).json, '"a"');
  assert.equal((await store.answer("/b", () => Promise.resolve("rebuilt"))).json, '"rebuilt"');
  await store.answer("/big", () => Promise.resolve("x".repeat(2000)));
  assert.equal((await store.answer("/big", () => Promise.resolve("small"))).fromMemory, false);
});

Deno.test("the least recently used answers go first when all of them together pass the size limit", async () => {
  const store = new AnswerStore({ ...limits, maxEntries: 10, maxTotalBytes: 1000 });
  store.keeping = true;
  const of = (length: number) => () => Promise.resolve("x".repeat(length - 2)); // JSON adds the quotes
  await store.answer("/a", of(400));
  await store.answer("/b", of(400));
  await store.answer("/a", of(400)); // /a is now the most recently used
  await store.answer("/c", of(400)); // 1,200 in all: /b goes
  assert.equal((await store.answer("/b", of(10))).fromMemory, false);
  // /a, /c and the new /b are 810 in all, within the limit.
  assert.equal((await store.answer("/a", of(10))).fromMemory, true);
  assert.equal((await store.answer("/c", of(10))).fromMemory, true);
  // Forgetting everything frees it all: five new answers of 200 fit.
  store.forgetEverything();
  for (const key of ["/1", "/2", "/3", "/4", "/5"]) await store.answer(key, of(200));
  for (const key of ["/1", "/2", "/3", "/4", "/5"]) assert.equal((await store.answer(key, of(1))).fromMemory, true);
});

Deno.test("forgetting some answers keeps the others, and keeps no build of the forgotten ones", async () => {
  const store = keepingStore();
  await store.answer("/posts/1/comments", () => Promise.resolve("one"));
  await store.answer("/posts", () => Promise.resolve("home"));
  const underWay = gatedBuild("old comments of 2");
  const building = store.answer("/posts/2/comments", underWay.run);
  store.forget((key) => key.endsWith("/comments"));
  underWay.release();
  await building;
  assert.equal((await store.answer("/posts", () => Promise.resolve("rebuilt"))).fromMemory, true);
  assert.equal((await store.answer("/posts/1/comments", () => Promise.resolve("new one"))).json, '"new one"');
  assert.equal((await store.answer("/posts/2/comments", () => Promise.resolve("new two"))).json, '"new two"');
});

Deno.test("JSON text from Postgres is kept and answered as written, not serialised again", async () => {
  const store = keepingStore();
  const written = '{"posts": [{"id": 1, "title": "A \\"quoted\\" title"}], "nextCursor": null}';
  const built = await store.answer("/a", () => Promise.resolve(new JsonText(written)));
  assert.equal(built.json, written);
  assert.equal((await store.answer("/a", () => Promise.reject(new Error("not built again")))).json, written);
});
