import type { HTTPException } from "hono/http-exception";
import { MalformedImageError, type MetadataFilter } from "./strip-image-metadata.ts";

export interface UploadStream {
  /** What Storage reads: the client's bytes, counted and filtered. */
  stream: ReadableStream<Uint8Array>;
  /** Why the stream failed when the file was at fault (too large, malformed, its body broke off); undefined otherwise. */
  failure(): unknown;
}

/**
 * The client's file, from its sniffed `head` on, as the stream Storage reads:
 * counted against `limit` as it flows (the bytes the client sent), through the
 * image's metadata filter. storage-js reports any failure as "fetch failed",
 * so the stream remembers when the file's side failed. When Storage's own
 * request fails (a reset connection), fetch cancels the stream: that is no
 * fault of the client's, and the upload's error reports it instead.
 */
export function uploadStream(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  head: Uint8Array,
  { limit, filter, tooLarge, malformed }: { limit: number; filter: MetadataFilter | undefined; tooLarge: HTTPException; malformed: HTTPException },
): UploadStream {
  let failure: unknown;
  let cancelledByStorage = false;
  let size = head.byteLength;
  // The sniffed head, not yet passed on.
  let unsent: Uint8Array | undefined = head;
  /** The client's next bytes, counted against the limit before any are dropped. */
  const nextFromClient = async (): Promise<Uint8Array | undefined> => {
    if (unsent) {
      const bytes = unsent;
      unsent = undefined;
      return bytes;
    }
    const next = await reader.read();
    if (next.done) return undefined;
    size += next.value.byteLength;
    if (size > limit) throw tooLarge;
    return next.value;
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (size > limit) {
        failure = tooLarge;
        controller.error(tooLarge);
      }
    },
    async pull(controller) {
      try {
        // A pull that enqueues nothing is not called again, and the filter may keep a whole chunk back.
        let sent = false;
        const send = (bytes: Uint8Array) => {
          controller.enqueue(bytes);
          sent = true;
        };
        while (!sent) {
          const bytes = await nextFromClient();
          if (!bytes) {
            filter?.end();
            return controller.close();
          }
          if (filter) filter.write(bytes, send);
          else send(bytes);
        }
      } catch (error) {
        // Cancelled while this pull waited for the client: the stream is closed, and nothing here failed.
        if (cancelledByStorage) return;
        failure ??= error instanceof MalformedImageError ? malformed : error;
        await reader.cancel(failure).catch(() => {});
        controller.error(failure);
      }
    },
    cancel(reason) {
      cancelledByStorage = true;
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
  return { stream, failure: () => failure };
}
