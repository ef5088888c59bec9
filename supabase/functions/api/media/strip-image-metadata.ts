/**
 * Uploaded images lose their metadata (location, device, time, editing
 * history) as they stream to Storage, as OWASP's file upload cheat sheet
 * advises: JPEG, PNG and WebP are parsed segment by segment, holding at most
 * one segment header (or a JPEG's EXIF, to keep its orientation). GIF and AVIF
 * are stored as sent (docs/security.md, "Not closed yet"), and so are videos.
 * A file that does not have its type's structure is a MalformedImageError.
 * On the way each parser notes the image's pixel size, which the filter
 * reports as shown (EXIF orientation applied) once the file is over.
 */
import { ByteParser, type ImageParser } from "./image-metadata/byte-parser.ts";
import { displayedSize, type ImageFacts, type ImageSize } from "./image-metadata/image-size.ts";
import { jpegWithoutMetadata } from "./image-metadata/jpeg.ts";
import { pngWithoutMetadata } from "./image-metadata/png.ts";
import { webpWithoutMetadata } from "./image-metadata/webp.ts";

export { MalformedImageError } from "./image-metadata/byte-parser.ts";

const parsers: Readonly<Record<string, (facts: ImageFacts) => ImageParser>> = {
  "image/jpeg": jpegWithoutMetadata,
  "image/png": pngWithoutMetadata,
  "image/webp": webpWithoutMetadata,
};

export interface MetadataFilter {
  /** Hands on, through `out`, what of `chunk` is kept (possibly nothing yet). */
  write(chunk: Uint8Array, out: (bytes: Uint8Array) => void): void;
  /** The file is over: throws when it ended inside its structure. */
  end(): void;
  /** The size the image is shown at, when its header declared one. */
  size(): ImageSize | undefined;
}

/** The filter for a sniffed type, or undefined for a type stored as sent. */
export function metadataFilter(mime: string): MetadataFilter | undefined {
  const parser = parsers[mime];
  if (!parser) return undefined;
  const facts: ImageFacts = {};
  const bytes = new ByteParser(parser(facts));
  return {
    write: (chunk, out) => bytes.write(chunk, out),
    end: () => bytes.end(),
    size: () => displayedSize(facts),
  };
}
