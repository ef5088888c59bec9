import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import limits from "../../_shared/media-limits.json" with { type: "json" };
import { concat, pngChunk, pngEnd, pngSignature } from "./image-metadata/test-images.ts";
import { hasTooManyPixels, tooManyPixelsMessage, withPixelLimit } from "./pixel-limit.ts";
import { metadataFilter } from "./strip-image-metadata.ts";

/** A PNG whose header claims `width`×`height` around one row of pixel data: a few dozen bytes. */
function pngClaiming(width: number, height: number): Uint8Array {
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header[8] = 8;
  header[9] = 2;
  return concat(pngSignature, pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(new Uint8Array(4))), pngEnd);
}

class Refused extends Error {}

/** Streams `bytes` through the PNG filter under the limit, in chunks of `chunk` bytes: the bytes passed on. */
function streamed(bytes: Uint8Array, chunk: number): Uint8Array[] {
  const filter = withPixelLimit(metadataFilter("image/png")!, limits.maxImagePixels, (size) => new Refused(`${size.width}×${size.height}`));
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += chunk) filter.write(bytes.subarray(at, at + chunk), (kept) => out.push(kept));
  filter.end();
  return out;
}

Deno.test("the limit is the renderer's: 50 megapixels, and no more", () => {
  assert.equal(limits.maxImagePixels, 50_000_000);
  assert.equal(hasTooManyPixels({ width: 10_000, height: 5_000 }, limits.maxImagePixels), false);
  assert.equal(hasTooManyPixels({ width: 10_000, height: 5_001 }, limits.maxImagePixels), true);
  assert.equal(hasTooManyPixels(undefined, limits.maxImagePixels), false);
  assert.equal(
    tooManyPixelsMessage("bomb.png", { width: 50_000, height: 50_000 }, limits.maxImagePixels),
    "bomb.png is 50000 × 50000 pixels; images can have at most 50 megapixels.",
  );
});

Deno.test("a tiny PNG claiming 50000×50000 is refused as soon as its header is read, however it is cut", () => {
  const bomb = pngClaiming(50_000, 50_000);
  assert.ok(bomb.length < 80, `${bomb.length} bytes`);
  for (const chunk of [1, 7, 33, bomb.length]) {
    assert.throws(() => streamed(bomb, chunk), (error) => error instanceof Refused && error.message === "50000×50000");
  }
  // Sent a byte at a time, nothing after IHDR's size is passed on: the rest of the file is never stored.
  const passed: Uint8Array[] = [];
  const filter = withPixelLimit(metadataFilter("image/png")!, limits.maxImagePixels, () => new Refused());
  assert.throws(() => {
    for (const byte of bomb) filter.write(Uint8Array.of(byte), (kept) => passed.push(kept));
  }, Refused);
  assert.equal(concat(...passed).length, pngSignature.length + 8 + 8);
});

Deno.test("an image of at most 50 megapixels passes whole, with its size", () => {
  const wide = pngClaiming(10_000, 5_000);
  assert.deepEqual(concat(...streamed(wide, 5)), wide);
  const filter = withPixelLimit(metadataFilter("image/png")!, limits.maxImagePixels, () => new Refused());
  filter.write(wide, () => {});
  filter.end();
  assert.deepEqual(filter.size(), { width: 10_000, height: 5_000 });
});
