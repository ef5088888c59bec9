import assert from "node:assert/strict";
import { dayAfter } from "./timeline.ts";

Deno.test("a timeline opened at a month or a year ends on the first day after it", () => {
  assert.equal(dayAfter("2025-04"), "2025-05-01");
  assert.equal(dayAfter("2025-12"), "2026-01-01");
  assert.equal(dayAfter("2025"), "2026-01-01");
  assert.equal(dayAfter("0999-02"), "0999-03-01");
  assert.equal(dayAfter("9999"), "10000-01-01");
});
