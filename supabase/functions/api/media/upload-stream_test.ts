import assert from "node:assert/strict";
import { HTTPException } from "hono/http-exception";
import { uploadStream } from "./upload-stream.ts";

const tooLarge = new HTTPException(413, { message: "too large" });
const malformed = new HTTPException(415, { message: "malformed" });
const head = new Uint8Array([1, 2, 3, 4]);

/**
 * A client's body that sends `chunks` and then waits, until `end` or `fail` is
 * called; `asked` resolves when something reads past what it has sent.
 */
function slowClient(chunks: Uint8Array[]) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let wasAsked!: () => void;
  const asked = new Promise<void>((resolve) => (wasAsked = resolve));
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const chunk of chunks) c.enqueue(chunk);
    },
    pull() {
      wasAsked();
    },
  }, { highWaterMark: 0 });
  return { reader: body.getReader(), asked, end: () => controller.close(), fail: (error: unknown) => controller.error(error) };
}

/** Resolves once the promise jobs queued so far (the pull that was waiting) have run: a task runs after them. */
const afterPendingJobs = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An upload of a slow client's `chunks` (after `head`), and Storage's reader of it. */
function startUpload(chunks: Uint8Array[], limit = 100) {
  const client = slowClient(chunks);
  const upload = uploadStream(client.reader, head, { limit, filter: undefined, tooLarge, malformed });
  return { client, upload, storage: upload.stream.getReader() };
}

Deno.test("passes the head and the client's bytes on, then ends with the client", async () => {
  const { client, upload, storage } = startUpload([new Uint8Array([5, 6])]);
  assert.deepEqual((await storage.read()).value, head);
  assert.deepEqual((await storage.read()).value, new Uint8Array([5, 6]));
  client.end();
  assert.equal((await storage.read()).done, true);
  assert.equal(upload.failure(), undefined);
});

Deno.test("a cancel by Storage while the client is slow (its request failed) is not the client's failure", async () => {
  const { client, upload, storage } = startUpload([]);
  await storage.read();
  // The next pull waits for the client; Storage's connection is reset meanwhile, and fetch cancels the stream.
  const waiting = storage.read();
  await client.asked;
  await storage.cancel(new TypeError("Connection reset by peer"));
  assert.equal((await waiting).done, true);
  await afterPendingJobs();
  assert.equal(upload.failure(), undefined);
});

Deno.test("a client's body that breaks off is the client's failure", async () => {
  const { client, upload, storage } = startUpload([]);
  await storage.read();
  const broken = new Error("the client went away");
  client.fail(broken);
  await assert.rejects(storage.read(), broken);
  assert.equal(upload.failure(), broken);
});

Deno.test("the bytes past the limit fail the stream with the limit's error", async () => {
  const { upload, storage } = startUpload([new Uint8Array(8)], 10);
  await storage.read();
  await assert.rejects(storage.read(), tooLarge);
  assert.equal(upload.failure(), tooLarge);
});
