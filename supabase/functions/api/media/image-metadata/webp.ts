/**
 * A WebP without its metadata. Its RIFF size comes first, before the EXIF and
 * XMP chunks at the end, so the file cannot shrink while it streams: every
 * chunk other than those that make the image (VP8X, VP8, VP8L, ALPH, ANIM,
 * ANMF, ICCP) becomes a JUNK chunk of zeros of the same size, which readers
 * skip as they skip any unknown chunk, and VP8X stops announcing EXIF and XMP.
 * Bytes after the RIFF's end pass as sent: no camera writes any.
 */
import { blank, emit, type ImageParser, MalformedImageError, pass, read } from "./byte-parser.ts";

const keptChunks = new Set(["VP8X", "VP8 ", "VP8L", "ALPH", "ANIM", "ANMF", "ICCP"]);
const exifFlag = 0x08;
const xmpFlag = 0x04;
const vp8xPayloadBytes = 10;
const junk = Uint8Array.from("JUNK", (char) => char.charCodeAt(0));

const fourcc = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 4));

export function* webpWithoutMetadata(): ImageParser {
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
      yield emit(chunkHeader);
      yield emit(payload);
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
