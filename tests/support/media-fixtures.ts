import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A PNG's signature, then its IHDR declaring a `width`×`height` truecolour image. */
const pngStart = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header)]);
};

/** A real PNG image (RGB gradient) of the given size, built byte by byte. */
export function pngImage(width = 8, height = 8): Uint8Array {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const offset = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[offset + 1 + x * 3] = (x * 255) / width;
      rows[offset + 2 + x * 3] = (y * 255) / height;
      rows[offset + 3 + x * 3] = 128;
    }
  }
  return new Uint8Array(Buffer.concat([pngStart(width, height), pngChunk("IDAT", deflateSync(rows)), pngChunk("IEND", Buffer.alloc(0))]));
}

/** A PNG whose header claims `width`×`height` around a few bytes of pixel data: under 80 bytes, whatever it claims. */
export function pngClaiming(width: number, height: number): Uint8Array {
  return new Uint8Array(Buffer.concat([pngStart(width, height), pngChunk("IDAT", deflateSync(Buffer.alloc(4))), pngChunk("IEND", Buffer.alloc(0))]));
}

/** The smallest GIF: one transparent pixel. */
export const gifImage = new Uint8Array(
  Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
);

/** An MP4 container header (ftyp box): what makes a file an MP4 by its bytes. */
export const mp4Video = new Uint8Array(Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x18]),
  Buffer.from("ftypisom", "ascii"),
  Buffer.from([0x00, 0x00, 0x02, 0x00]),
  Buffer.from("isomiso2", "ascii"),
  Buffer.alloc(64),
]));

export const svgImage = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
);

export const htmlPage = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");

export function file(bytes: Uint8Array, name: string, type: string): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/**
 * A 16×16 JPEG as a phone writes it: EXIF with the camera (`marker` as its
 * make), Orientation 6 and a GPS position, XMP and a comment that carry
 * `marker` too.
 */
export function phoneJpeg(marker: string): Uint8Array {
  const plain = Buffer.from(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgoBAgICAgICBQMDBQoHBgcKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCv/AABEIABAAEAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APjjSfB/7Mvivw/cJ4b0jwv4MvdHlU3mseE4fD80jkGRHEzXus3MbxuxCjYqksV2vgOsn4XOrxXlOEksTSxGLjTUVJf7Q8On9Yl79SdHCwVVJRUKSVRU5XbUuZe9/MEYeImW4zGY6tUr1JUoSg1Oti1adrSqOVHCUpvnadOylyP2u0uXWbxF4f1j4STX/jnwd4j8E6rounGCQxwa14dn1B/OEC70srLT72R23ysD5EkzoITKxiH3OCjQqZhgZUsTWlh6tRck4J4rl92XKpSqVa9KMo1EpVLwTi03FRVOpT9pg8Y8ZiqVSfNSxd5TlTjLFyoQ5oqUXDEYjGUU5OLUXqqtKrB+9zRjI7SwtvCvj+6uNd12PxVp1zFpH2XSH0iTxDp+mQTsz+VNNa2ej2iSgSsWLHLsqbSGCjb42W16HDtejiJKKjNxmpThhnOTVSCrclWeIxKUVBShyqjOnZuPIp+9KMswlbhqdWhjZUq2CjK8oONOpbn92NqmMxsnS5pR5oSl7aFOSlUlha8eeBlWPhX9ojwgbbV9B1Pxh4qW/t7r7XN4d0PX7f7NIojEagX2rW2QzOpPk7iqK4IA27+jBYvhbGyli86isPSmuSnVn9VnzVIwv7rhh6j/AHM1Tc5qSnyuN03V5V87Ux/hxnP1mrOVPCOMZOSqvL1zuT5VGjHD4aqkrtOpFqHLTk4wU4wk3//Z",
    "base64",
  );
  const segment = (code: number, payload: Buffer) => {
    const header = Buffer.from([0xff, code, 0, 0]);
    header.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([header, payload]);
  };
  const tiff = Buffer.alloc(96 + marker.length + 1);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    tiff.writeUInt32LE(value, at + 8);
  };
  tiff.write("II", 0, "ascii");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(3, 8); // IFD0: Make, Orientation, GPS IFD
  entry(10, 0x010f, 2, marker.length + 1, 96);
  entry(22, 0x0112, 3, 1, 6);
  entry(34, 0x8825, 4, 1, 50);
  tiff.writeUInt16LE(2, 50); // GPS IFD: GPSLatitudeRef "N", GPSLatitude (three rationals)
  entry(52, 0x0001, 2, 2, 0x4e);
  entry(64, 0x0002, 5, 3, 72);
  [52, 1, 30, 1, 5868, 100].forEach((value, index) => tiff.writeUInt32LE(value, 72 + index * 4));
  tiff.write(marker, 96, "ascii");
  return new Uint8Array(Buffer.concat([
    plain.subarray(0, 20), // SOI and the JFIF APP0
    segment(0xe1, Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff])),
    segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/">${marker}</x:xmpmeta>`, "latin1")),
    segment(0xfe, Buffer.from(`Taken by ${marker}`, "latin1")),
    plain.subarray(20),
  ]));
}

/** A seed photo (supabase/seed-media) as a phone would send it turned: an EXIF APP1 with only `orientation` after its JFIF APP0. */
export function orientedJpeg(seedFile: string, orientation: number): Uint8Array {
  const photo = Buffer.from(seedMedia(seedFile));
  const tiff = Buffer.alloc(26);
  tiff.write("MM\0\x2a", 0, "latin1");
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one entry: Orientation, a SHORT held in the entry
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  const app0End = 4 + photo.readUInt16BE(4);
  return new Uint8Array(Buffer.concat([photo.subarray(0, app0End), header, payload, photo.subarray(app0End)]));
}

/** A file of the demo data (supabase/seed-media). */
export const seedMedia = (name: string) => new Uint8Array(readFileSync(new URL(`../../supabase/seed-media/${name}`, import.meta.url)));
