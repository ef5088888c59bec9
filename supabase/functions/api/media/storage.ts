import { StorageClient } from "@supabase/storage-js";
import { fileTypeFromBuffer } from "file-type";
import { HTTPException } from "hono/http-exception";
import { env } from "../env.ts";
import { fail } from "../http/errors.ts";
import limits from "../../_shared/media-limits.json" with { type: "json" };
import { gifSize, type ImageSize } from "./image-metadata/image-size.ts";
import { hasTooManyPixels, tooManyPixelsMessage, withPixelLimit } from "./pixel-limit.ts";
import { metadataFilter } from "./strip-image-metadata.ts";
import { uploadStream } from "./upload-stream.ts";

/**
 * What may be uploaded, decided from the file's bytes, never its name or
 * declared type, and how large: one file the SPA reads as well.
 */
const allowedTypes = limits.types as Readonly<Record<string, { name: string; ext: string; mediaType: StoredMedia["mediaType"] }>>;

const namesOf = (kind: StoredMedia["mediaType"]) =>
  Object.values(allowedTypes).filter((type) => type.mediaType === kind).map((type) => type.name).join(", ");
/** "image (JPEG, PNG, …) or video (MP4, WebM)", from the same file. */
const supportedTypes = `image (${namesOf("image")}) or video (${namesOf("video")})`;

export const mediaLimits = {
  maxFiles: limits.maxFiles,
  maxImageBytes: limits.maxImageBytes,
  maxVideoBytes: limits.maxVideoBytes,
  maxImagePixels: limits.maxImagePixels,
};
/** The largest request body a post with media may have: every file at the largest limit, plus the text. */
export const maxUploadRequestBytes = mediaLimits.maxFiles * mediaLimits.maxVideoBytes + 8 * 1024 * 1024;

/** Enough of a file's start for file-type to tell every allowed type (its own sample size). */
const sniffBytes = 4100;

export interface StoredMedia {
  objectPath: string;
  mediaType: "image" | "video";
  /** The image's size as shown, in pixels; null for videos and AVIF, whose size is not read. */
  width: number | null;
  height: number | null;
}

const storage = new StorageClient(`${env.supabaseUrl}/storage/v1`, {
  apikey: env.serviceRoleKey,
  authorization: `Bearer ${env.serviceRoleKey}`,
});
const bucket = () => storage.from("media");

/** Reads until `bytes` have arrived or the stream ends; what was read stays in order in `chunks`. */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number) {
  const chunks: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.byteLength;
  }
  const head = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    head.set(chunk, at);
    at += chunk.byteLength;
  }
  return { head, done };
}

/**
 * Streams one uploaded file to Storage under a new random name: its type is
 * read from its first bytes (415 before anything is stored), its size is
 * counted as it flows (413 the moment it passes its type's limit, which aborts
 * the upload), an image whose header declares more pixels than Storage's
 * image transformations take is refused when the header arrives (413), and
 * an image loses its metadata on the way (415 when it does
 * not have its type's structure). The limit counts the bytes the client sent,
 * as the SPA's check before sending does. `onStarted` learns the name before
 * the upload begins, so a failure anywhere later can remove it. An empty file (a file input left
 * empty) is no file: undefined.
 */
export async function storeMedia(
  file: { filename: string; body: ReadableStream<Uint8Array> },
  onStarted: (objectPath: string) => void,
): Promise<StoredMedia | undefined> {
  const name = file.filename || "A file";
  const reader = file.body.getReader();
  const { head, done } = await readHead(reader, sniffBytes);
  if (head.byteLength === 0 && done) return undefined;
  const detected = await fileTypeFromBuffer(head);
  const allowed = detected ? allowedTypes[detected.mime] : undefined;
  if (!detected || !allowed) {
    await reader.cancel();
    fail(415, `${name} is not a supported ${supportedTypes}.`);
  }
  const limit = allowed.mediaType === "video" ? mediaLimits.maxVideoBytes : mediaLimits.maxImageBytes;
  const tooLarge = new HTTPException(413, { message: `${name} is larger than ${limit / 1024 / 1024} MB.` });

  const tooManyPixels = (size: ImageSize) =>
    new HTTPException(413, { message: tooManyPixelsMessage(name, size, mediaLimits.maxImagePixels) });
  const gif = detected.mime === "image/gif" ? gifSize(head) : undefined;
  if (gif && hasTooManyPixels(gif, mediaLimits.maxImagePixels)) {
    await reader.cancel();
    throw tooManyPixels(gif);
  }
  const stripped = metadataFilter(detected.mime);
  const filter = stripped && withPixelLimit(stripped, mediaLimits.maxImagePixels, tooManyPixels);
  const malformed = new HTTPException(415, { message: `${name} is not a valid ${allowed.name} image.` });

  const upload = uploadStream(reader, head, { limit, filter, tooLarge, malformed });

  const objectPath = `${crypto.randomUUID()}.${allowed.ext}`;
  onStarted(objectPath);
  const { error } = await bucket().upload(objectPath, upload.stream, {
    contentType: detected.mime,
    cacheControl: "31536000",
    upsert: false,
  });
  const sourceFailure = upload.failure();
  if (sourceFailure) {
    throw sourceFailure instanceof HTTPException ? sourceFailure : new HTTPException(400, { message: "The form data could not be read." });
  }
  if (error) throw new Error(`Storage upload of ${objectPath} failed: ${error.message}`);
  const shown = filter?.size() ?? gif;
  return { objectPath, mediaType: allowed.mediaType, width: shown?.width ?? null, height: shown?.height ?? null };
}

/** Best effort: a file left behind is harmless, a failed request for it is not. */
export async function removeMedia(objectPaths: readonly string[] | null | undefined): Promise<void> {
  if (!objectPaths?.length) return;
  const { error } = await bucket().remove([...objectPaths]);
  if (error) console.error(`Storage removal failed for ${objectPaths.join(", ")}: ${error.message}`);
}
