/** Node streams and web streams, joined so that backpressure holds: nothing is read before it is wanted. */
import { createHash } from "node:crypto";
import { Readable, Transform } from "node:stream";

/**
 * A web ReadableStream that reads `readable` one chunk per pull (the
 * consumer's pace), so memory stays flat however large the source.
 */
export function toWebStream(readable: Readable): ReadableStream<Uint8Array> {
  const chunks = readable[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else {
          const chunk = next.value as Buffer;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        }
      },
      async cancel(reason) {
        readable.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** A Node Readable over a web stream, read as the Node side asks. */
export function fromWebStream(stream: ReadableStream<Uint8Array>): Readable {
  return Readable.from(
    (async function* () {
      const reader = stream.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        }
      } finally {
        reader.releaseLock();
      }
    })(),
    { objectMode: false },
  );
}

/** A pass-through that counts and hashes (SHA-256) what goes by, and reports each chunk's size. */
export function hashingStream(onBytes?: (n: number) => void): { stream: Transform; sha256: () => string; bytes: () => number } {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      onBytes?.(chunk.length);
      done(null, chunk);
    },
  });
  let digest: string | undefined;
  return { stream, sha256: () => (digest ??= hash.digest("hex")), bytes: () => bytes };
}
