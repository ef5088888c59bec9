/**
 * A WebP without its metadata. Its RIFF size comes first, before the EXIF and
 * XMP chunks at the end, so the file cannot shrink while it streams: every
 * chunk other than those that make the image (VP8X, VP8, VP8L, ALPH, ANIM,
 * ANMF, ICCP) becomes a JUNK chunk of zeros of the same size, which readers
 * skip as they skip any unknown chunk, and VP8X stops announcing EXIF and XMP.
 * Bytes after the RIFF's end pass as sent: no camera writes any. The canvas
 * size (VP8X) or the bitstream's frame size (VP8, VP8L) is noted in `facts`.
 */
import { blank, emit, type ImageParser, MalformedImageError, pass, read } from "./byte-parser.ts";
import type { ImageFacts } from "./image-size.ts";

const keptChunks = new Set(["VP8X", "VP8 ", "VP8L", "ALPH", "ANIM", "ANMF", "ICCP"]);
const exifFlag = 0x08;
const xmpFlag = 0x04;
const vp8xPayloadBytes = 10;
const junk = Uint8Array.from("JUNK", (char) => char.charCodeAt(0));

const fourcc = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 4));
const uint24 = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
/** How many of a bitstream chunk's first bytes hold its size: VP8's frame tag, start code and sizes; VP8L's signature and sizes. */
const bitstreamSizeBytes: Readonly<Record<string, number>> = { "VP8 ": 10, VP8L: 5 };

/** The frame size in a VP8 or VP8L chunk's first bytes (RFC 9649, sections 2.5 and 3.2.2); undefined when they do not hold one. */
function bitstreamSize(name: string, start: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(start.buffer, start.byteOffset, start.byteLength);
  if (name === "VP8 ") {
    if (start[3] !== 0x9d || start[4] !== 0x01 || start[5] !== 0x2a) return undefined;
    return { width: view.getUint16(6, true) & 0x3fff, height: view.getUint16(8, true) & 0x3fff };
  }
  if (start[0] !== 0x2f) return undefined;
  const bits = view.getUint32(1, true);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

export function* webpWithoutMetadata(facts: ImageFacts = {}): ImageParser {
  const header = yield read(12);
  if (fourcc(header) !== "RIFF" || fourcc(header.subarray(8)) !== "WEBP") throw new MalformedImageError("A WebP starts with RIFF and WEBP.");
  const riffSize = new DataView(header.buffer, header.byteOffset, 12).getUint32(4, true);
  if (riffSize < 4) throw new MalformedImageError("A WebP's RIFF size is too small for its header.");
  yield emit(header);
  // What the RIFF holds after "WEBP": its chunks, each padded to an even size.
  let left = riffSize - 4;
  while (left > 0) {
    if (left < 8) throw new MalformedImageError("A WebP's RIFF size ends inside a chunk header.");
    const chunkHeader = yield read(8);
    const name = fourcc(chunkHeader);
    const size = new DataView(chunkHeader.buffer, chunkHeader.byteOffset, 8).getUint32(4, true);
    const padded = size + (size & 1);
    if (8 + padded > left) throw new MalformedImageError("A WebP chunk runs past the RIFF's end.");
    left -= 8 + padded;
    if (name === "VP8X") {
      if (size !== vp8xPayloadBytes) throw new MalformedImageError("A WebP's VP8X chunk has the wrong size.");
      const payload = yield read(padded);
      payload[0] &= ~(exifFlag | xmpFlag);
      // The canvas, stored less one; it is the image's size whatever frames follow.
      facts.width = uint24(payload, 4) + 1;
      facts.height = uint24(payload, 7) + 1;
      yield emit(chunkHeader);
      yield emit(payload);
    } else if (Object.hasOwn(bitstreamSizeBytes, name) && facts.width === undefined && size >= bitstreamSizeBytes[name]) {
      const start = yield read(bitstreamSizeBytes[name]);
      Object.assign(facts, bitstreamSize(name, start));
      yield emit(chunkHeader);
      yield emit(start);
      yield pass(padded - start.length);
    } else if (keptChunks.has(name)) {
      yield emit(chunkHeader);
      yield pass(padded);
    } else {
      const replaced = chunkHeader.slice();
      replaced.set(junk);
      yield emit(replaced);
      yield blank(padded);
    }
  }
  return "pass";
}
