import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { type GzippableAnswer, gzipOnce, keptAnswerBody } from "./gzipped-answer.ts";

const json = JSON.stringify({ posts: Array.from({ length: 20 }, (_, id) => ({ id, title: "A post like the others" })) });

async function read(answer: GzippableAnswer, acceptEncoding?: string) {
  const app = new Hono().get("/", (c) => keptAnswerBody(c, answer));
  const res = await app.request("http://localhost/", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
  return { encoding: res.headers.get("content-encoding"), vary: res.headers.get("vary"), bytes: new Uint8Array(await res.arrayBuffer()) };
}

Deno.test("an answer is gzipped only when that makes it smaller", () => {
  const gzip = gzipOnce(json)!;
  assert.ok(gzip.byteLength < json.length / 4);
  assert.equal(gunzipSync(gzip).toString(), json);
  assert.equal(gzipOnce("{}"), null);
});

Deno.test("a kept answer is gzipped the first time it is asked for again, and those bytes are kept for everyone after", async () => {
  const kept: GzippableAnswer = { json, fromMemory: true };
  const first = await read(kept, "gzip, deflate, br");
  assert.equal(first.encoding, "gzip");
  assert.equal(gunzipSync(first.bytes).toString(), json);
  assert.equal(first.vary, "Accept-Encoding");
  const keptBytes = kept.gzip;
  assert.ok(keptBytes instanceof ArrayBuffer);

  await read(kept, "gzip");
  assert.equal(kept.gzip, keptBytes, "compressed once, not per request");
});

Deno.test("an answer built for one request goes as text, and is not compressed", async () => {
  const oneOff: GzippableAnswer = { json, fromMemory: false };
  const plain = await read(oneOff, "gzip, deflate, br");
  assert.equal(plain.encoding, null);
  assert.equal(new TextDecoder().decode(plain.bytes), json);
  assert.equal(plain.vary, "Accept-Encoding");
  assert.equal(oneOff.gzip, undefined);
});

Deno.test("clients that refuse gzip get the text", async () => {
  const kept: GzippableAnswer = { json, fromMemory: true };
  for (const refusing of [undefined, "identity", "br", "gzip;q=0, br"]) {
    const plain = await read(kept, refusing);
    assert.equal(plain.encoding, null, String(refusing));
    assert.equal(new TextDecoder().decode(plain.bytes), json, String(refusing));
  }
});

Deno.test("an answer that gzip does not shrink stays text, and is not compressed again", async () => {
  const tiny: GzippableAnswer = { json: "{}", fromMemory: true };
  assert.equal((await read(tiny, "gzip")).encoding, null);
  assert.equal(tiny.gzip, null);
});
