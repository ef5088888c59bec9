import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { gzipOnce, keptAnswerBody } from "./gzipped-answer.ts";

const json = JSON.stringify({ posts: Array.from({ length: 20 }, (_, id) => ({ id, title: "A post like the others" })) });
const app = new Hono().get("/", (c) => keptAnswerBody(c, { json, gzip: gzipOnce(json) }));

async function read(acceptEncoding?: string) {
  const res = await app.request("http://localhost/", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
  return { encoding: res.headers.get("content-encoding"), vary: res.headers.get("vary"), bytes: new Uint8Array(await res.arrayBuffer()) };
}

Deno.test("a kept answer is gzipped once, and only when that makes it smaller", () => {
  const gzip = gzipOnce(json)!;
  assert.ok(gzip.byteLength < json.length / 4);
  assert.equal(gunzipSync(gzip).toString(), json);
  assert.equal(gzipOnce("{}"), undefined);
});

Deno.test("the gzipped bytes go to clients that accept gzip, the text to the others, and the answer varies by it", async () => {
  const gzipped = await read("gzip, deflate, br");
  assert.equal(gzipped.encoding, "gzip");
  assert.equal(gunzipSync(gzipped.bytes).toString(), json);
  assert.equal(gzipped.vary, "Accept-Encoding");

  for (const refusing of [undefined, "identity", "br", "gzip;q=0, br"]) {
    const plain = await read(refusing);
    assert.equal(plain.encoding, null, String(refusing));
    assert.equal(new TextDecoder().decode(plain.bytes), json, String(refusing));
  }
});
