import assert from "node:assert/strict";
import { gifSize } from "./image-metadata/image-size.ts";
import { metadataFilter } from "./strip-image-metadata.ts";
import {
  ascii,
  concat,
  exifSegment,
  jpegImage,
  jpegStart,
  phoneExifTiff,
  pngChunk,
  pngEnd,
  pngHeaderAndPixels,
  pngSignature,
  riffChunk,
  vp8xChunk,
  webpFile,
  webpImageChunk,
} from "./image-metadata/test-images.ts";

/** The size the filter reports after `bytes` streamed through it in chunks of 1 to 7 bytes, and whole. */
function sizesFor(mime: string, bytes: Uint8Array) {
  return [1, 2, 3, 5, 7, bytes.length].map((chunk) => {
    const filter = metadataFilter(mime);
    assert.ok(filter);
    for (let at = 0; at < bytes.length; at += chunk) filter.write(bytes.subarray(at, at + chunk), () => {});
    filter.end();
    return filter.size();
  });
}

function assertSize(mime: string, bytes: Uint8Array, width: number, height: number) {
  for (const size of sizesFor(mime, bytes)) assert.deepEqual(size, { width, height });
}

/** The test JPEG with its frame header saying `width`×`height` (the parser reads the header, never the pixels). */
function jpegSized(width: number, height: number, ...segments: Uint8Array[]): Uint8Array {
  const image = jpegImage.slice();
  const frame = image.findIndex((byte, index) => byte === 0xff && image[index + 1] === 0xc0);
  new DataView(image.buffer).setUint16(frame + 5, height);
  new DataView(image.buffer).setUint16(frame + 7, width);
  return concat(jpegStart, ...segments, image);
}

Deno.test("a JPEG's size is its frame header's", () => {
  assertSize("image/jpeg", concat(jpegStart, jpegImage), 16, 16);
  assertSize("image/jpeg", jpegSized(40, 30), 40, 30);
});

Deno.test("a JPEG turned a quarter by its EXIF orientation (5–8) is shown, and so reported, with width and height swapped", () => {
  assertSize("image/jpeg", jpegSized(40, 30, exifSegment(phoneExifTiff(6))), 30, 40);
  assertSize("image/jpeg", jpegSized(40, 30, exifSegment(phoneExifTiff(8))), 30, 40);
  assertSize("image/jpeg", jpegSized(40, 30, exifSegment(phoneExifTiff(3))), 40, 30);
});

Deno.test("a PNG's size is its IHDR's", () => {
  const { header, pixels } = pngHeaderAndPixels();
  assertSize("image/png", concat(pngSignature, header, pixels, pngEnd), 8, 8);
  const wide = header.slice(8, 21);
  new DataView(wide.buffer).setUint32(0, 1200);
  new DataView(wide.buffer).setUint32(4, 800);
  assertSize("image/png", concat(pngSignature, pngChunk("IHDR", wide), pixels, pngEnd), 1200, 800);
});

Deno.test("a WebP's size is its VP8X canvas, else its lossy (VP8) or lossless (VP8L) frame", () => {
  assertSize("image/webp", webpFile(webpImageChunk), 1, 1);
  // 600×400 in a VP8 frame header: tag, start code, 14-bit sizes (the top two bits scale, and are not size).
  const lossy = riffChunk("VP8 ", Uint8Array.of(0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0x58, 0x42, 0x90, 0x01, 0, 0));
  assertSize("image/webp", webpFile(lossy), 600, 400);
  // A 300×200 canvas, stored less one in 24 bits, before a 1×1 frame.
  const canvas = riffChunk("VP8X", Uint8Array.of(0, 0, 0, 0, 43, 1, 0, 199, 0, 0));
  assertSize("image/webp", webpFile(canvas, webpImageChunk), 300, 200);
  assertSize("image/webp", webpFile(vp8xChunk(0), webpImageChunk), 1, 1);
});

Deno.test("a GIF's size is its logical screen's; a file too short to say has none", () => {
  assert.deepEqual(gifSize(concat(ascii("GIF89a"), Uint8Array.of(0x40, 0x01, 0xf0, 0x00))), { width: 320, height: 240 });
  assert.equal(gifSize(ascii("GIF89a")), undefined);
});
