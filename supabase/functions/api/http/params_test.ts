import { HTTPException } from "hono/http-exception";
import assert from "node:assert/strict";
import { isIsoTimestamp, pageLimit, pathId } from "./params.ts";

const notFound = (message: string) => (err: unknown) => err instanceof HTTPException && err.status === 404 && err.message === message;

Deno.test("a path id is a positive integer in plain digits", () => {
  assert.equal(pathId("1", "Post not found."), 1);
  assert.equal(pathId("9007199254740991", "Post not found."), 9007199254740991);
});

Deno.test("any other spelling of a number names nothing: 404 with the route's message", () => {
  for (const value of ["0", "01", "-1", "+1", "0x10", "1e3", "1.0", " 1", "1 ", "", "one", "99999999999999999", undefined]) {
    assert.throws(() => pathId(value, "Comment not found."), notFound("Comment not found."), String(value));
  }
});

Deno.test("a page limit defaults, and accepts only whole numbers within range", () => {
  const limit = pageLimit(100, 20);
  assert.equal(limit.parse(undefined), 20);
  assert.equal(limit.parse("1"), 1);
  assert.equal(limit.parse("100"), 100);
  for (const value of ["0", "101", "-1", "1.5", "ten", "", "1000000"]) {
    const result = limit.safeParse(value);
    assert.equal(result.success, false, value);
    assert.equal(result.error?.issues[0]?.message, "limit must be a whole number from 1 to 100.");
  }
});

Deno.test("an ISO timestamp is a day, or a day and time with optional seconds, fraction and offset", () => {
  for (const value of ["2024-05-01", "2024-05-01T20:30", "2024-05-01T20:30:00Z", "2024-05-01T20:30:00.123456+02:00", "2024-05-01T20:30:00-0500"]) {
    assert.equal(isIsoTimestamp(value), true, value);
  }
  for (const value of ["12", "May 1", "2024-13-01", "2024-05-01 20:30", "2024-05-01T25:00", ""]) {
    assert.equal(isIsoTimestamp(value), false, value);
  }
});
