import { removeMedia, type StoredMedia, storeMedia } from "../media/storage.ts";
import type { StreamedForm } from "./multipart.ts";

/**
 * Streams the form's files in `field` to Storage one after the other, as they
 * arrive. `stored` receives each object's name before its upload starts, so
 * the caller can remove them all if anything fails later.
 */
async function storeFiles(form: StreamedForm, field: string, stored: string[]): Promise<StoredMedia[]> {
  const media: StoredMedia[] = [];
  for await (const file of form.files(field)) {
    const item = await storeMedia(file, (objectPath) => stored.push(objectPath));
    if (item) media.push(item);
  }
  return media;
}

/**
 * Streams the form's files in `field` to Storage, then calls `write` with
 * them (the write that refers to them). Should the upload or the write fail,
 * every file stored on the way is removed, and the form's own failure (a
 * limit crossed while it streamed) is what is thrown, if it had one.
 */
export async function writeWithFiles<T>(form: StreamedForm, field: string, write: (media: StoredMedia[]) => Promise<T>): Promise<T> {
  const stored: string[] = [];
  try {
    return await write(await storeFiles(form, field, stored));
  } catch (err) {
    await removeMedia(stored);
    throw form.failure ?? err;
  }
}

/** The media list the SQL functions take. */
export const mediaRows = (media: StoredMedia[]) =>
  media.map((item) => ({ object_path: item.objectPath, media_type: item.mediaType, width: item.width, height: item.height }));
