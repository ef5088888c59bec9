/**
 * A PNG without its metadata: every critical chunk and the ancillary chunks
 * that change how it looks (transparency, colour, pixel size, animation) are
 * kept byte for byte, CRC included; every other ancillary chunk is dropped:
 * tEXt, zTXt, iTXt, eXIf, tIME and whatever private chunks a device adds.
 * Bytes after IEND pass as sent: no camera writes any. IHDR's width and
 * height are noted in `facts` on the way.
 */
import { drop, emit, type ImageParser, MalformedImageError, pass, read } from "./byte-parser.ts";
import type { ImageFacts } from "./image-size.ts";

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const keptAncillaryChunks = new Set([
  "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCv", "cLLI", "bKGD", "hIST", "pHYs", "sPLT",
  "acTL", "fcTL", "fdAT",
]);
const maxChunkLength = 0x7fffffff;

const isLetter = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
/** A chunk type whose first letter is upper case is critical: a decoder cannot do without it. */
const isCritical = (type: Uint8Array) => (type[0] & 0x20) === 0;

export function* pngWithoutMetadata(facts: ImageFacts = {}): ImageParser {
  const start = yield read(signature.length);
  if (!signature.every((byte, index) => start[index] === byte)) throw new MalformedImageError("A PNG starts with its signature.");
  yield emit(start);
  for (;;) {
    const header = yield read(8);
    const length = new DataView(header.buffer, header.byteOffset, 8).getUint32(0);
    const type = header.subarray(4, 8);
    if (length > maxChunkLength || !type.every(isLetter)) throw new MalformedImageError("A PNG chunk has a bad length or type.");
    const name = String.fromCharCode(...type);
    // The chunk's data and its CRC.
    const rest = length + 4;
    if (name === "IHDR" && length >= 8) {
      const size = yield read(8);
      const view = new DataView(size.buffer, size.byteOffset, 8);
      facts.width = view.getUint32(0);
      facts.height = view.getUint32(4);
      yield emit(header);
      yield emit(size);
      yield pass(rest - 8);
    } else if (isCritical(type) || keptAncillaryChunks.has(name)) {
      yield emit(header);
      yield pass(rest);
      if (name === "IEND") return "pass";
    } else {
      yield drop(rest);
    }
  }
}
