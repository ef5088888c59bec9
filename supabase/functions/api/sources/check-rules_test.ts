import assert from "node:assert/strict";
import { findingOf, nextSourceState } from "./check-rules.ts";

const answered = (status: number, redirects: { status: number; to: string }[] = [], finalUrl = "https://a.example/page") =>
  ({ kind: "answered", status, finalUrl, redirects, body: new Uint8Array() }) as const;

Deno.test("a 2xx answer is alive; after a permanent redirect elsewhere it is moved, with where", () => {
  assert.deepEqual(findingOf(answered(200), "https://a.example/page"), { kind: "alive" });
  assert.deepEqual(
    findingOf(answered(200, [{ status: 301, to: "https://b.example/new" }], "https://b.example/new#top"), "https://a.example/page"),
    { kind: "moved", to: "https://b.example/new" },
  );
  assert.deepEqual(findingOf(answered(200, [{ status: 302, to: "https://a.example/login" }]), "https://a.example/page"), { kind: "alive" });
});

Deno.test("4xx, 5xx, DNS and timeouts are failures; robots refused and private addresses are uncheckable", () => {
  assert.equal(findingOf(answered(404), "https://a.example/page").kind, "failed");
  assert.equal(findingOf(answered(503), "https://a.example/page").kind, "failed");
  assert.equal(findingOf({ kind: "failed", reason: "no answer within 10 s" }, "https://a.example/page").kind, "failed");
  assert.equal(findingOf(answered(403), "https://a.example/page").kind, "uncheckable");
  assert.equal(findingOf({ kind: "refused", reason: "private" }, "https://a.example/page").kind, "uncheckable");
});

const now = new Date("2026-11-20T12:00:00Z");
const newSource = { state: "alive" as const, consecutiveFailures: 0, createdAt: new Date("2026-11-18T12:00:00Z") };
const oldSource = { ...newSource, createdAt: new Date("2026-10-01T12:00:00Z") };

Deno.test("dead only after two failures in a row; a success in between starts the count again", () => {
  const first = nextSourceState(newSource, { kind: "failed", reason: "HTTP 404" }, now);
  assert.deepEqual([first.state, first.consecutiveFailures], ["alive", 1]);
  const second = nextSourceState({ ...newSource, consecutiveFailures: 1 }, { kind: "failed", reason: "HTTP 404" }, now);
  assert.deepEqual([second.state, second.consecutiveFailures], ["dead", 2]);
  const revived = nextSourceState({ ...newSource, state: "dead", consecutiveFailures: 2 }, { kind: "alive" }, now);
  assert.deepEqual([revived.state, revived.consecutiveFailures], ["alive", 0]);
});

Deno.test("checked daily in a source's first week, weekly after", () => {
  assert.equal(nextSourceState(newSource, { kind: "alive" }, now).nextCheckAt.toISOString(), "2026-11-21T12:00:00.000Z");
  assert.equal(nextSourceState(oldSource, { kind: "alive" }, now).nextCheckAt.toISOString(), "2026-11-27T12:00:00.000Z");
});
