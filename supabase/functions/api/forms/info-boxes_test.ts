import assert from "node:assert/strict";
import { infoBoxInput } from "./info-boxes.ts";

Deno.test("a box sent with content alone gets entries in the order its JSON lists the keys", () => {
  const box = infoBoxInput.parse(JSON.parse('{"title": "Gig", "content": {"Location": "Lisbon", "Artist": "Alex"}}'));
  assert.deepEqual(box.entries, [["Location", "Lisbon"], ["Artist", "Alex"]]);
});

Deno.test("entries sent by the client are kept as they are, content or not", () => {
  const entries: [string, string][] = [["2019", "Debut"], ["Artist", "Alex"]];
  assert.deepEqual(infoBoxInput.parse({ title: "Gig", entries }).entries, entries);
  assert.deepEqual(infoBoxInput.parse({ title: "Gig", content: { Artist: "Alex", 2019: "Debut" }, entries }).entries, entries);
});

Deno.test("a box without content or entries stays without them; a pair is two strings", () => {
  assert.deepEqual(infoBoxInput.parse({ title: "Empty" }), { title: "Empty" });
  assert.equal(infoBoxInput.safeParse({ title: "Bad", entries: [["only a key"]] }).success, false);
  assert.equal(infoBoxInput.safeParse({ title: "Bad", entries: [["key", 1]] }).success, false);
});
