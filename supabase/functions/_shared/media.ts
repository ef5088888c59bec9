import { StorageClient } from "@supabase/storage-js";
import { fileTypeFromBuffer } from "file-type";
import { env } from "./env.ts";
import { fail } from "./errors.ts";

/** What may be uploaded, decided from the file's bytes, never its name or declared type. */
const allowedTypes: Record<string, { ext: string; mediaType: "image" | "video" }> = {
  "image/jpeg": { ext: "jpg", mediaType: "image" },
  "image/png": { ext: "png", mediaType: "image" },
  "image/webp": { ext: "webp", mediaType: "image" },
  "image/gif": { ext: "gif", mediaType: "image" },
  "image/avif": { ext: "avif", mediaType: "image" },
  "video/mp4": { ext: "mp4", mediaType: "video" },
  "video/webm": { ext: "webm", mediaType: "video" },
};

export const mediaLimits = {
  maxFiles: 10,
  maxImageBytes: 10 * 1024 * 1024,
  maxVideoBytes: 50 * 1024 * 1024,
};
/** The largest request body a post with media may have (all files plus fields). */
export const maxUploadRequestBytes = mediaLimits.maxFiles * mediaLimits.maxVideoBytes;

export interface CheckedMedia {
  bytes: Uint8Array;
  mime: string;
  objectPath: string;
  mediaType: "image" | "video";
}

/** Checks each file's real type and size; any bad file rejects the whole request. */
export async function checkMedia(files: File[]): Promise<CheckedMedia[]> {
  if (files.length > mediaLimits.maxFiles) fail(413, `At most ${mediaLimits.maxFiles} media files per post.`);
  const checked: CheckedMedia[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const detected = await fileTypeFromBuffer(bytes);
    const allowed = detected ? allowedTypes[detected.mime] : undefined;
    if (!detected || !allowed) {
      fail(415, `${file.name || "A file"} is not a supported image (JPEG, PNG, WebP, GIF, AVIF) or video (MP4, WebM).`);
    }
    const limit = allowed.mediaType === "video" ? mediaLimits.maxVideoBytes : mediaLimits.maxImageBytes;
    if (bytes.byteLength > limit) {
      fail(413, `${file.name || "A file"} is larger than ${limit / 1024 / 1024} MB.`);
    }
    checked.push({
      bytes,
      mime: detected.mime,
      mediaType: allowed.mediaType,
      objectPath: `${crypto.randomUUID()}.${allowed.ext}`,
    });
  }
  return checked;
}

const storage = new StorageClient(`${env.supabaseUrl}/storage/v1`, {
  apikey: env.serviceRoleKey,
  authorization: `Bearer ${env.serviceRoleKey}`,
});
const bucket = () => storage.from("media");

export async function uploadMedia(media: CheckedMedia[]): Promise<void> {
  await Promise.all(
    media.map(async (item) => {
      const { error } = await bucket().upload(item.objectPath, item.bytes, {
        contentType: item.mime,
        cacheControl: "31536000",
        upsert: false,
      });
      if (error) throw new Error(`Storage upload of ${item.objectPath} failed: ${error.message}`);
    }),
  );
}

/** Best effort: a file left behind is harmless, a failed request for it is not. */
export async function removeMedia(objectPaths: readonly string[] | null | undefined): Promise<void> {
  if (!objectPaths?.length) return;
  const { error } = await bucket().remove([...objectPaths]);
  if (error) console.error(`Storage removal failed for ${objectPaths.join(", ")}: ${error.message}`);
}
