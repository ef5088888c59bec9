import assert from "node:assert/strict";
import { MalformedImageError, metadataFilter } from "./strip-image-metadata.ts";
import {
  ascii,
  bigEndianExifTiff,
  commentSegment,
  concat,
  contains,
  crc32,
  exifSegment,
  iccSegment,
  jpegImage,
  jpegSegment,
  jpegStart,
  orientationSixSegment,
  phoneExifTiff,
  photoshopSegment,
  pngChunk,
  pngEnd,
  pngHeaderAndPixels,
  pngSignature,
  riffChunk,
  secret,
  vp8xChunk,
  vp8xFlags,
  webpFile,
  webpImageChunk,
  xmpSegment,
} from "./image-metadata/test-images.ts";

/** A seeded generator, so a failure with random chunk sizes can be run again. */
function randomSizes(seed: number, largest: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return 1 + (state % largest);
  };
}

const chunkings: ReadonlyArray<[label: string, nextSize: () => () => number]> = [
  ["whole", () => () => Number.MAX_SAFE_INTEGER],
  ["1 byte at a time", () => () => 1],
  ...[1, 2, 3, 4, 5].map((seed): [string, () => () => number] => [`random chunks (seed ${seed})`, () => randomSizes(seed, 64)]),
];

/** The filter's output for `bytes` fed in chunks of the sizes `nextSize` gives. */
function strip(mime: string, bytes: Uint8Array, nextSize: () => number): Uint8Array {
  const filter = metadataFilter(mime);
  assert.ok(filter);
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = Math.min(nextSize(), bytes.length - at);
    filter.write(bytes.subarray(at, at + size), (piece) => out.push(piece.slice()));
    at += size;
  }
  filter.end();
  return concat(...out);
}

function assertStripsTo(mime: string, input: Uint8Array, expected: Uint8Array) {
  for (const [label, nextSize] of chunkings) {
    assert.deepEqual(strip(mime, input, nextSize()), expected, label);
  }
}

/** What the filter has handed on before the input ends: a streamed file is not held back. */
function outputSoFar(mime: string, bytes: Uint8Array): Uint8Array {
  const filter = metadataFilter(mime);
  assert.ok(filter);
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at++) filter.write(bytes.subarray(at, at + 1), (piece) => out.push(piece.slice()));
  return concat(...out);
}

function assertMalformed(mime: string, input: Uint8Array) {
  for (const [label, nextSize] of chunkings) {
    assert.throws(() => strip(mime, input, nextSize()), MalformedImageError, label);
  }
}

const beforeImageData = (...segments: Uint8Array[]) => concat(jpegStart, ...segments, jpegImage);

Deno.test("a phone JPEG loses EXIF (GPS), XMP, IPTC and comments, keeps its colour profile, and its orientation comes back alone", () => {
  const photo = concat(
    beforeImageData(exifSegment(phoneExifTiff(6)), xmpSegment, iccSegment, photoshopSegment, commentSegment),
    ascii(`motion photo video ${secret}`),
  );
  const stripped = beforeImageData(orientationSixSegment, iccSegment);
  assertStripsTo("image/jpeg", photo, stripped);
  assert.equal(contains(stripped, secret), false);
});

Deno.test("a JPEG whose EXIF leaves it upright keeps no APP1 at all", () => {
  assertStripsTo("image/jpeg", beforeImageData(exifSegment(phoneExifTiff(1)), xmpSegment), concat(jpegStart, jpegImage));
});

Deno.test("a big-endian EXIF's orientation is read the same way", () => {
  const expected = orientationSixSegment.slice();
  expected[29] = 8;
  assertStripsTo("image/jpeg", beforeImageData(exifSegment(bigEndianExifTiff(8))), beforeImageData(expected));
});

Deno.test("JPEG scan data passes untouched, metadata between progressive scans is dropped too", () => {
  const scanHeader = jpegSegment(0xda, Uint8Array.of(1, 1, 0, 0, 63, 0));
  // Stuffed 0xFF00, restart markers, and fill bytes before the next marker.
  const scanData = Uint8Array.of(0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78, 0xff, 0xff);
  const tables = jpegSegment(0xc4, Uint8Array.of(0x10, 1, 2, 3));
  const scans = (...between: Uint8Array[]) =>
    concat(jpegStart, scanHeader, scanData, ...between, tables, scanHeader, scanData, Uint8Array.of(0xff, 0xd9));
  assertStripsTo("image/jpeg", scans(commentSegment, xmpSegment), scans());
});

Deno.test("a JPEG streams through: only a marker's first byte is held back", () => {
  const photo = beforeImageData(exifSegment(phoneExifTiff(6)), commentSegment);
  const expected = beforeImageData(orientationSixSegment);
  assert.deepEqual(outputSoFar("image/jpeg", photo.subarray(0, photo.length - 1)), expected.subarray(0, expected.length - 2));
});

Deno.test("a JPEG that is cut short or has a bad length is malformed", () => {
  const photo = beforeImageData(exifSegment(phoneExifTiff(6)));
  assertMalformed("image/jpeg", photo.subarray(0, 40)); // inside the EXIF segment
  assertMalformed("image/jpeg", photo.subarray(0, photo.length - 2)); // scan data without EOI
  assertMalformed("image/jpeg", concat(jpegStart, Uint8Array.of(0xff, 0xdb, 0x00, 0x01), jpegImage)); // length below 2
  assertMalformed("image/jpeg", concat(jpegStart, Uint8Array.of(0x00, 0x01), jpegImage)); // no marker where one belongs
  assertMalformed("image/jpeg", concat(jpegStart, Uint8Array.of(0xff, 0xd8), jpegImage)); // a second SOI
});

const { header: pngHeader, pixels: pngPixels } = pngHeaderAndPixels();
const pngIcc = pngChunk("iCCP", concat(ascii("profile\0\0"), Uint8Array.of(0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01)));
const pngMetadata = [
  pngChunk("tEXt", ascii(`Location\0${secret}`)),
  pngChunk("zTXt", concat(ascii("Comment\0\0"), ascii(secret))),
  pngChunk("iTXt", ascii(`XML:com.adobe.xmp\0\0\0\0\0${secret}`)),
  pngChunk("eXIf", phoneExifTiff(6)),
  pngChunk("tIME", Uint8Array.of(0x07, 0xe8, 5, 1, 12, 30, 0)),
];

/** Each chunk of a PNG, after checking its signature and that every CRC is right. */
function pngChunkTypes(png: Uint8Array): string[] {
  assert.deepEqual(png.subarray(0, 8), pngSignature);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const types: string[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    assert.equal(view.getUint32(at + 8 + length), crc32(typeAndData), "CRC");
    types.push(String.fromCharCode(...typeAndData.subarray(0, 4)));
    at += 12 + length;
  }
  return types;
}

Deno.test("a PNG loses tEXt, zTXt, iTXt, eXIf and tIME and keeps a valid structure", () => {
  const png = concat(pngSignature, pngHeader, pngIcc, ...pngMetadata.slice(0, 2), pngPixels, ...pngMetadata.slice(2), pngEnd);
  const expected = concat(pngSignature, pngHeader, pngIcc, pngPixels, pngEnd);
  assertStripsTo("image/png", png, expected);
  assert.deepEqual(pngChunkTypes(expected), ["IHDR", "iCCP", "IDAT", "IEND"]);
  assert.equal(contains(expected, secret), false);
});

Deno.test("a PNG streams through, and bytes after IEND pass as sent", () => {
  const png = concat(pngSignature, pngHeader, pngPixels, pngEnd);
  const trailer = ascii("appended");
  assertStripsTo("image/png", concat(png, trailer), concat(png, trailer));
  assert.deepEqual(outputSoFar("image/png", png.subarray(0, png.length - 1)), png.subarray(0, png.length - 1));
});

Deno.test("a PNG that is cut short or has a bad chunk is malformed", () => {
  const png = concat(pngSignature, pngHeader, pngPixels, pngEnd);
  assertMalformed("image/png", png.subarray(0, png.length - 1));
  assertMalformed("image/png", concat(pngSignature, pngHeader, pngMetadata[0].subarray(0, 10)));
  const badType = pngChunk("tE1t", ascii("x"));
  assertMalformed("image/png", concat(pngSignature, pngHeader, badType, pngPixels, pngEnd));
  const tooLong = pngChunk("tEXt", ascii("x"));
  tooLong.set([0x80, 0, 0, 0], 0);
  assertMalformed("image/png", concat(pngSignature, pngHeader, tooLong, pngPixels, pngEnd));
});

const webpIcc = riffChunk("ICCP", ascii("a colour profile"));
const webpExif = riffChunk("EXIF", phoneExifTiff(6));
const webpXmp = riffChunk("XMP ", ascii(`<x:xmpmeta><exif:GPSLatitude>${secret}</exif:GPSLatitude></x:xmpmeta>!`));

/** Each chunk of a WebP, after checking that its RIFF size is its length. */
function webpChunks(webp: Uint8Array): { fourcc: string; payload: Uint8Array }[] {
  const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
  assert.equal(String.fromCharCode(...webp.subarray(0, 4)), "RIFF");
  assert.equal(view.getUint32(4, true), webp.length - 8, "RIFF size");
  const chunks = [];
  for (let at = 12; at < webp.length;) {
    const size = view.getUint32(at + 4, true);
    chunks.push({ fourcc: String.fromCharCode(...webp.subarray(at, at + 4)), payload: webp.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size & 1);
  }
  return chunks;
}

Deno.test("a WebP's EXIF and XMP become zeros in JUNK chunks, with the RIFF size right and VP8X no longer announcing them", () => {
  const flags = vp8xFlags.icc | vp8xFlags.exif | vp8xFlags.xmp;
  const webp = webpFile(vp8xChunk(flags), webpIcc, webpImageChunk, webpExif, webpXmp);
  const blanked = (chunk: Uint8Array) => concat(ascii("JUNK"), chunk.subarray(4, 8), new Uint8Array(chunk.length - 8));
  const expected = webpFile(vp8xChunk(vp8xFlags.icc), webpIcc, webpImageChunk, blanked(webpExif), blanked(webpXmp));
  assertStripsTo("image/webp", webp, expected);
  assert.deepEqual(webpChunks(expected).map((chunk) => chunk.fourcc), ["VP8X", "ICCP", "VP8L", "JUNK", "JUNK"]);
  assert.equal(webpChunks(expected)[0].payload[0], vp8xFlags.icc);
  assert.equal(contains(expected, secret), false);
});

Deno.test("a WebP whose chunk runs past the RIFF, or that is cut short, is malformed", () => {
  const webp = webpFile(vp8xChunk(vp8xFlags.exif), webpImageChunk, webpExif);
  assertMalformed("image/webp", webp.subarray(0, webp.length - 1));
  const overlong = webp.slice();
  new DataView(overlong.buffer).setUint32(4, webp.length - 8 - webpExif.length + 20, true);
  assertMalformed("image/webp", overlong);
});

Deno.test("GIF, AVIF and videos are stored as sent", () => {
  for (const mime of ["image/gif", "image/avif", "video/mp4", "video/webm"]) assert.equal(metadataFilter(mime), undefined, mime);
});
