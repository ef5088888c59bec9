/**
 * What a format's parser learns of an image as it streams past: the pixel
 * size its header declares and the EXIF orientation (JPEG), so the site can
 * store the size the image is shown at and reserve its room on a page.
 */
export interface ImageFacts {
  width?: number;
  height?: number;
  orientation?: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** The size as shown: orientations 5–8 turn the image a quarter, so its width and height swap (EXIF 2.32, Orientation). */
export function displayedSize({ width, height, orientation }: ImageFacts): ImageSize | undefined {
  if (!width || !height) return undefined;
  return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
}

/** A GIF's logical screen size, from its first ten bytes (GIF89a, "Logical Screen Descriptor"). */
export function gifSize(head: Uint8Array): ImageSize | undefined {
  if (head.length < 10) return undefined;
  const view = new DataView(head.buffer, head.byteOffset, 10);
  return displayedSize({ width: view.getUint16(6, true), height: view.getUint16(8, true) });
}
