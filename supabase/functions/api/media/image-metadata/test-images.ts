/**
 * Small real images, and the metadata phones and editors put in them, built
 * byte by byte for the metadata tests. Every piece of metadata carries
 * `secret`, so a test can tell that none of it is left.
 */
import { deflateSync } from "node:zlib";

export const secret = "SECRET-52.5163N-13.3777E";
const encoder = new TextEncoder();
export const ascii = (text: string) => encoder.encode(text);

export function concat(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

export function contains(bytes: Uint8Array, text: string): boolean {
  return new TextDecoder("latin1").decode(bytes).includes(text);
}

// A 16×16 baseline JPEG (JFIF, tables, one scan) as an encoder writes it, without metadata.
const jfifJpeg = Uint8Array.from(atob(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgoBAgICAgICBQMDBQoHBgcKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCv/AABEIABAAEAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APjjSfB/7Mvivw/cJ4b0jwv4MvdHlU3mseE4fD80jkGRHEzXus3MbxuxCjYqksV2vgOsn4XOrxXlOEksTSxGLjTUVJf7Q8On9Yl79SdHCwVVJRUKSVRU5XbUuZe9/MEYeImW4zGY6tUr1JUoSg1Oti1adrSqOVHCUpvnadOylyP2u0uXWbxF4f1j4STX/jnwd4j8E6rounGCQxwa14dn1B/OEC70srLT72R23ysD5EkzoITKxiH3OCjQqZhgZUsTWlh6tRck4J4rl92XKpSqVa9KMo1EpVLwTi03FRVOpT9pg8Y8ZiqVSfNSxd5TlTjLFyoQ5oqUXDEYjGUU5OLUXqqtKrB+9zRjI7SwtvCvj+6uNd12PxVp1zFpH2XSH0iTxDp+mQTsz+VNNa2ej2iSgSsWLHLsqbSGCjb42W16HDtejiJKKjNxmpThhnOTVSCrclWeIxKUVBShyqjOnZuPIp+9KMswlbhqdWhjZUq2CjK8oONOpbn92NqmMxsnS5pR5oSl7aFOSlUlha8eeBlWPhX9ojwgbbV9B1Pxh4qW/t7r7XN4d0PX7f7NIojEagX2rW2QzOpPk7iqK4IA27+jBYvhbGyli86isPSmuSnVn9VnzVIwv7rhh6j/AHM1Tc5qSnyuN03V5V87Ux/hxnP1mrOVPCOMZOSqvL1zuT5VGjHD4aqkrtOpFqHLTk4wU4wk3//Z",
), (char) => char.charCodeAt(0));
/** SOI and the JFIF APP0 segment that follows it. */
export const jpegStart = jfifJpeg.subarray(0, 20);
/** From the quantisation tables to EOI. */
export const jpegImage = jfifJpeg.subarray(20);

export function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2;
  return concat(Uint8Array.of(0xff, marker, length >> 8, length & 0xff), payload);
}

/** A little-endian TIFF as phones write it: make, orientation, and a GPS IFD with the position. */
export function phoneExifTiff(orientation: number): Uint8Array {
  const tiff = new Uint8Array(160);
  const view = new DataView(tiff.buffer);
  tiff.set(ascii("II"));
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, count, true);
    if (type === 3 && count === 1) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, value, true);
  };
  // IFD0 at 8: Make (ASCII at 100), Orientation, GPS IFD pointer (at 50).
  view.setUint16(8, 3, true);
  entry(10, 0x010f, 2, secret.length + 1, 100);
  entry(22, 0x0112, 3, 1, orientation);
  entry(34, 0x8825, 4, 1, 50);
  view.setUint32(46, 0, true);
  // GPS IFD at 50: GPSLatitudeRef "N", GPSLatitude (3 rationals at 128).
  view.setUint16(50, 2, true);
  entry(52, 0x0001, 2, 2, 0x4e);
  entry(64, 0x0002, 5, 3, 128);
  view.setUint32(76, 0, true);
  tiff.set(ascii(secret), 100);
  [52, 1, 30, 1, 5868, 100].forEach((value, index) => view.setUint32(128 + index * 4, value, true));
  return tiff;
}

/** A big-endian TIFF whose IFD0 holds an Orientation among other tags. */
export function bigEndianExifTiff(orientation: number): Uint8Array {
  const tiff = new Uint8Array(64);
  const view = new DataView(tiff.buffer);
  tiff.set(ascii("MM"));
  view.setUint16(2, 42);
  view.setUint32(4, 8);
  view.setUint16(8, 2);
  view.setUint16(10, 0x0110); // Model, ASCII at 40
  view.setUint16(12, 2);
  view.setUint32(14, 8);
  view.setUint32(18, 40);
  view.setUint16(22, 0x0112);
  view.setUint16(24, 3);
  view.setUint32(26, 1);
  view.setUint16(30, orientation);
  tiff.set(ascii("Model X\0"), 40);
  return tiff;
}

export const exifSegment = (tiff: Uint8Array) => jpegSegment(0xe1, concat(ascii("Exif\0\0"), tiff));
export const xmpSegment = jpegSegment(
  0xe1,
  ascii(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><exif:GPSLatitude>${secret}</exif:GPSLatitude></x:xmpmeta>`),
);
export const photoshopSegment = jpegSegment(0xed, ascii(`Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x20${secret}`));
export const commentSegment = jpegSegment(0xfe, ascii(`Taken at ${secret}`));
export const iccSegment = jpegSegment(0xe2, concat(ascii("ICC_PROFILE\0"), Uint8Array.of(1, 1), ascii("a colour profile")));

/** The APP1 segment that carries only Orientation 6, written out by hand. */
export const orientationSixSegment = Uint8Array.of(
  0xff, 0xe1, 0x00, 0x22,
  0x45, 0x78, 0x69, 0x66, 0x00, 0x00,
  0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08,
  0x00, 0x01,
  0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00,
);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(ascii(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

export const pngSignature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** The chunks of an 8×8 truecolour PNG (a gradient), signature and IEND apart. */
export function pngHeaderAndPixels(): { header: Uint8Array; pixels: Uint8Array } {
  const size = 8;
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, size);
  new DataView(header.buffer).setUint32(4, size);
  header[8] = 8;
  header[9] = 2;
  const rows = new Uint8Array((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) rows.set([x * 32, y * 32, 128], y * (size * 3 + 1) + 1 + x * 3);
  }
  return { header: pngChunk("IHDR", header), pixels: pngChunk("IDAT", deflateSync(rows)) };
}
export const pngEnd = pngChunk("IEND", new Uint8Array(0));

/** A 1×1 lossless WebP bitstream (a VP8L chunk). */
const vp8l = Uint8Array.from(atob("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="), (char) => char.charCodeAt(0)).subarray(12);

export function riffChunk(fourcc: string, payload: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(8 + payload.length + (payload.length & 1));
  chunk.set(ascii(fourcc));
  new DataView(chunk.buffer).setUint32(4, payload.length, true);
  chunk.set(payload, 8);
  return chunk;
}

export function webpFile(...chunks: Uint8Array[]): Uint8Array {
  const body = concat(ascii("WEBP"), ...chunks);
  const header = concat(ascii("RIFF"), new Uint8Array(4));
  new DataView(header.buffer).setUint32(4, body.length, true);
  return concat(header, body);
}

export const vp8xFlags = { icc: 0x20, alpha: 0x10, exif: 0x08, xmp: 0x04, animation: 0x02 };
/** The extended header of a 1×1 image with these flags. */
export const vp8xChunk = (flags: number) => riffChunk("VP8X", Uint8Array.of(flags, 0, 0, 0, 0, 0, 0, 0, 0, 0));
export const webpImageChunk = vp8l;
