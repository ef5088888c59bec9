/**
 * A JPEG without its metadata. Of the application segments only those a
 * decoder needs are kept: APP0 JFIF, APP2 ICC_PROFILE (colours) and APP14
 * Adobe (the colour transform); EXIF and XMP (APP1), IPTC (APP13), MPF and
 * every other APPn and COM segment are dropped. An EXIF Orientation that turns
 * the image comes back as an APP1 holding only that tag. Everything after EOI
 * is dropped: phones put further images and motion-photo videos there, each
 * with metadata of its own. The frame header (SOFn) and the orientation are
 * noted in `facts` on the way.
 */
import { drop, emit, type ImageParser, MalformedImageError, pass, read, scanToMarker, type Step } from "./byte-parser.ts";
import { orientationOf, orientationOnlyTiff } from "./exif-orientation.ts";
import type { ImageFacts } from "./image-size.ts";

const soi = 0xd8;
const eoi = 0xd9;
const sos = 0xda;
const com = 0xfe;
const app0 = 0xe0;
const app1 = 0xe1;
const app2 = 0xe2;
const app14 = 0xee;
const app15 = 0xef;
/** Start of frame: C0–CF but DHT (C4), JPG (C8) and DAC (CC) (ITU T.81, Table B.1). */
const isFrameStart = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** A frame header's precision, height and width. */
const frameSizeBytes = 5;

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const exifId = ascii("Exif\0\0");
/** The longest identifier a kept segment is told by. */
const identifierBytes = 12;
const keptSegments: ReadonlyArray<{ marker: number; id: Uint8Array }> = [
  { marker: app0, id: ascii("JFIF\0") },
  { marker: app2, id: ascii("ICC_PROFILE\0") },
  { marker: app14, id: ascii("Adobe") },
];

const startsWith = (bytes: Uint8Array, prefix: Uint8Array) =>
  bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);

/** Markers that stand alone, without a length: TEM and the restart markers. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function segmentHeader(marker: number, length: number): Uint8Array {
  return Uint8Array.of(0xff, marker, length >> 8, length & 0xff);
}

/** An APP1 segment holding only the Orientation. */
function orientationSegment(orientation: number): Uint8Array {
  const tiff = orientationOnlyTiff(orientation);
  const segment = new Uint8Array(4 + exifId.length + tiff.length);
  segment.set(segmentHeader(app1, 2 + exifId.length + tiff.length));
  segment.set(exifId, 4);
  segment.set(tiff, 4 + exifId.length);
  return segment;
}

/** The next marker's code, after optional 0xFF fill bytes. */
function* markerCode(): Generator<Step, number, Uint8Array> {
  const [start] = yield read(1);
  if (start !== 0xff) throw new MalformedImageError("A JPEG segment is followed by something other than a marker.");
  for (;;) {
    const [code] = yield read(1);
    if (code !== 0xff) return code;
  }
}

export function* jpegWithoutMetadata(facts: ImageFacts = {}): ImageParser {
  const start = yield read(2);
  if (start[0] !== 0xff || start[1] !== soi) throw new MalformedImageError("A JPEG starts with SOI.");
  yield emit(start);
  let exifSeen = false;
  let markerFromScan: number | undefined;
  for (;;) {
    const marker = markerFromScan ?? (yield* markerCode());
    markerFromScan = undefined;
    if (marker === eoi) {
      yield emit(Uint8Array.of(0xff, eoi));
      return "drop";
    }
    if (marker === soi) throw new MalformedImageError("A JPEG has SOI only at its start.");
    if (standsAlone(marker)) {
      yield emit(Uint8Array.of(0xff, marker));
      continue;
    }
    const lengthBytes = yield read(2);
    const length = (lengthBytes[0] << 8) | lengthBytes[1];
    if (length < 2) throw new MalformedImageError("A JPEG segment is shorter than its own length field.");
    const payload = length - 2;
    const isMetadataCandidate = (marker >= app0 && marker <= app15) || marker === com;
    if (!isMetadataCandidate) {
      yield emit(segmentHeader(marker, length));
      if (isFrameStart(marker) && payload >= frameSizeBytes && facts.width === undefined) {
        const frame = yield read(frameSizeBytes);
        facts.height = (frame[1] << 8) | frame[2];
        facts.width = (frame[3] << 8) | frame[4];
        yield emit(frame);
        yield pass(payload - frameSizeBytes);
      } else {
        yield pass(payload);
      }
      if (marker === sos) markerFromScan = (yield scanToMarker())[1];
      continue;
    }
    const id = yield read(Math.min(payload, identifierBytes));
    if (keptSegments.some((kept) => kept.marker === marker && startsWith(id, kept.id))) {
      yield emit(segmentHeader(marker, length));
      yield emit(id);
      yield pass(payload - id.length);
    } else if (marker === app1 && startsWith(id, exifId) && !exifSeen) {
      exifSeen = true;
      const rest = yield read(payload - id.length);
      const tiff = new Uint8Array(payload - exifId.length);
      tiff.set(id.subarray(exifId.length));
      tiff.set(rest, id.length - exifId.length);
      const orientation = orientationOf(tiff);
      facts.orientation = orientation;
      if (orientation) yield emit(orientationSegment(orientation));
    } else {
      yield drop(payload - id.length);
    }
  }
}
