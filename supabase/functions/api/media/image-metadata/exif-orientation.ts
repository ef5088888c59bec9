/**
 * The one EXIF tag a photo needs to be shown as it was taken: Orientation
 * (0x0112), read from a TIFF structure (what follows "Exif\0\0") and written
 * back as a TIFF structure holding nothing else.
 */

const orientationTag = 0x0112;
const shortType = 3;

/** The Orientation in the first IFD when it turns or mirrors the image (2–8); anything unreadable is no orientation. */
export function orientationOf(tiff: Uint8Array): number | undefined {
  if (tiff.length < 8) return undefined;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const byteOrder = String.fromCharCode(tiff[0], tiff[1]);
  if (byteOrder !== "II" && byteOrder !== "MM") return undefined;
  const littleEndian = byteOrder === "II";
  if (view.getUint16(2, littleEndian) !== 42) return undefined;
  const ifd = view.getUint32(4, littleEndian);
  if (ifd + 2 > tiff.length) return undefined;
  const entries = view.getUint16(ifd, littleEndian);
  for (let index = 0; index < entries; index++) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (view.getUint16(entry, littleEndian) !== orientationTag) continue;
    if (view.getUint16(entry + 2, littleEndian) !== shortType) return undefined;
    const orientation = view.getUint16(entry + 8, littleEndian);
    return orientation >= 2 && orientation <= 8 ? orientation : undefined;
  }
  return undefined;
}

/** A big-endian TIFF structure whose only IFD holds only the Orientation. */
export function orientationOnlyTiff(orientation: number): Uint8Array {
  const tiff = new Uint8Array(26);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a]);
  view.setUint32(4, 8); // the IFD follows the header
  view.setUint16(8, 1); // one entry
  view.setUint16(10, orientationTag);
  view.setUint16(12, shortType);
  view.setUint32(14, 1); // one value, held in the entry itself
  view.setUint16(18, orientation);
  view.setUint32(22, 0); // no next IFD
  return tiff;
}
