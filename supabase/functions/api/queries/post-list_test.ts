import assert from "node:assert/strict";
import { prefixQuery } from "./post-list.ts";

Deno.test("every word typed becomes a prefix that must match", () => {
  assert.equal(prefixQuery("rive"), "rive:*");
  assert.equal(prefixQuery("  Alex   Rivera "), "Alex:* & Rivera:*");
});

Deno.test("punctuation is dropped, so no input makes an invalid tsquery", () => {
  assert.equal(prefixQuery("rock'n'roll & (live) | !tour:*"), "rocknroll:* & live:* & tour:*");
  assert.equal(prefixQuery("café 2024"), "café:* & 2024:*");
});

Deno.test("nothing searchable is no query", () => {
  assert.equal(prefixQuery(""), "");
  assert.equal(prefixQuery(" !?& "), "");
});
