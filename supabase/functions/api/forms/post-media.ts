import { type StoredMedia, storeMedia } from "../../_shared/media.ts";
import type { StreamedForm } from "../../_shared/multipart.ts";

/**
 * Streams the form's files in `field` to Storage one after the other, as they
 * arrive. `stored` receives each object's name before its upload starts, so
 * the caller can remove them all if anything fails later.
 */
export async function storeFiles(form: StreamedForm, field: string, stored: string[]): Promise<StoredMedia[]> {
  const media: StoredMedia[] = [];
  for await (const file of form.files(field)) {
    const item = await storeMedia(file, (objectPath) => stored.push(objectPath));
    if (item) media.push(item);
  }
  return media;
}

/** The media list the SQL functions take. */
export const mediaRows = (media: StoredMedia[]) =>
  media.map((item) => ({ object_path: item.objectPath, media_type: item.mediaType }));
