import { HTTPException } from "hono/http-exception";
import assert from "node:assert/strict";
import { decodeCursor, encodeCursor } from "./cursor.ts";

Deno.test("a cursor survives the round trip, with a text or a numeric key", () => {
  for (const cursor of [
    { key: "2024-05-01 20:30:00.123456+00", id: 42 },
    { key: 17, id: 1 },
    { key: "2024-05-01 20:30:00+00", id: "0b6f1f4e-7c0a-4d1e-9c55-3f0e6a1b2c3d" },
  ]) {
    assert.deepEqual(decodeCursor(encodeCursor(cursor)), cursor);
  }
});

Deno.test("a cursor is URL-safe base64 without padding", () => {
  const encoded = encodeCursor({ key: "???>>>~~~", id: 9007199254740991 });
  assert.match(encoded, /^[A-Za-z0-9_-]+$/);
});

Deno.test("no cursor is the first page", () => {
  assert.equal(decodeCursor(undefined), undefined);
  assert.equal(decodeCursor(""), undefined);
});

Deno.test("anything the API did not hand out is a 400", () => {
  const forged = [
    "not base64!",
    btoa("not json"),
    btoa(JSON.stringify({ key: "a", id: 1 })),
    btoa(JSON.stringify(["a", 1.5])),
    btoa(JSON.stringify(["a", "1"])),
    btoa(JSON.stringify(["a", "not-a-uuid"])),
    btoa(JSON.stringify([null, 1])),
    btoa(JSON.stringify([true, 1])),
  ];
  for (const value of forged) {
    assert.throws(() => decodeCursor(value), (err: unknown) =>
      err instanceof HTTPException && err.status === 400 && err.message === "cursor: not a cursor this API returned.", value);
  }
});
