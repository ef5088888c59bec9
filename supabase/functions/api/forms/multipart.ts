// @ts-types="npm:@types/busboy@1.5.4"
import busboy from "busboy";
import type { Readable } from "node:stream";
import { HTTPException } from "hono/http-exception";
import { fail } from "../http/errors.ts";

/**
 * A form read as it arrives: a function isolate has 256 MB, so
 * a post's files (up to 10 × 50 MB) are never held. Text parts are small and
 * capped; each file part is a stream the caller reads (or skips) before it
 * asks for the next part, and the body is read only as fast as that stream is,
 * so at most a few chunks of it are in memory at any time.
 */

export type TextPart = { kind: "text"; name: string; value: string };
export type FilePart = { kind: "file"; name: string; filename: string; body: ReadableStream<Uint8Array> };
export type FormPart = TextPart | FilePart;

export interface FormLimits {
  /** The whole body, counted as it streams (and checked against Content-Length first). */
  maxBodyBytes: number;
  /** One text field's value. */
  maxTextBytes: number;
  maxTextFields: number;
  maxFiles: number;
  tooManyFilesMessage: string;
}

/**
 * How long the rest of a refused body is read and dropped: a connection
 * closed with unread bytes is reset, and a reset can reach the client before
 * our answer does (the "lingering close" of HTTP servers).
 */
const drainMs = 10_000;

const unreadable = () => new HTTPException(400, { message: "The form data could not be read." });
const bodyTooLarge = () => new HTTPException(413, { message: "The upload is too large." });

/** A node stream (busboy's file part) as a web stream that pulls only when read. */
function pullStream(stream: Readable): ReadableStream<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    },
    async cancel() {
      await chunks.return?.();
    },
  }, { highWaterMark: 0 });
}

export class StreamedForm {
  readonly #parts: (FormPart | null)[] = [];
  #failure: HTTPException | undefined;
  #wake: (() => void) | undefined;
  #stopped = false;
  #pending: FilePart | undefined;
  readonly #parser: busboy.Busboy;
  readonly #body: ReadableStreamDefaultReader<Uint8Array>;

  constructor(request: Request, limits: FormLimits) {
    const type = request.headers.get("content-type") ?? "";
    if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) {
      fail(415, "Send the post as multipart/form-data.");
    }
    if (Number(request.headers.get("content-length") ?? 0) > limits.maxBodyBytes) throw bodyTooLarge();
    if (!request.body) throw unreadable();
    try {
      this.#parser = busboy({
        headers: { "content-type": type },
        limits: {
          fieldSize: limits.maxTextBytes,
          fields: limits.maxTextFields,
          files: limits.maxFiles,
          fieldNameSize: 200,
          headerPairs: 20,
        },
      });
    } catch {
      throw unreadable();
    }
    this.#body = request.body.getReader();
    this.#listen(limits);
    void this.#feed(limits.maxBodyBytes);
  }

  #push(part: FormPart | null) {
    this.#parts.push(part);
    this.#wake?.();
  }

  /** Stops everything at the first problem; a file stream being read errors with it too. */
  #fail(error: HTTPException) {
    if (this.#failure || this.#stopped) return;
    this.#failure = error;
    this.#wake?.();
    this.#parser.destroy(error);
    this.#stopReadingSoon();
  }

  #stopReadingSoon() {
    const timer = setTimeout(() => this.#body.cancel().catch(() => {}), drainMs);
    this.#body.closed.finally(() => clearTimeout(timer)).catch(() => {});
  }

  #listen(limits: FormLimits) {
    this.#parser.on("field", (name, value, info) => {
      if (info.valueTruncated) this.#fail(new HTTPException(413, { message: `The form field ${name} is too long.` }));
      else this.#push({ kind: "text", name, value });
    });
    this.#parser.on("file", (name, stream, info) => {
      // Once the form is closed or refused, busboy ends a file part nobody
      // read with an error ("Unexpected end of file"); a reader gets it from
      // the stream, but with none, an unhandled stream error would end the
      // whole function: a post refused by its fields (or its author's
      // cooldown) as its first file arrived took every request down with it.
      stream.on("error", () => {});
      this.#push({ kind: "file", name, filename: info.filename ?? "", body: pullStream(stream) });
    });
    this.#parser.on("filesLimit", () => this.#fail(new HTTPException(413, { message: limits.tooManyFilesMessage })));
    this.#parser.on("fieldsLimit", () => this.#fail(new HTTPException(413, { message: "The form has too many fields." })));
    this.#parser.on("error", () => this.#fail(unreadable()));
    this.#parser.on("close", () => this.#push(null));
  }

  /**
   * Hands the body to the parser as fast as it takes it, counting bytes as
   * they pass; once the form is refused or done with, drops what still comes
   * (for `drainMs` at most).
   */
  async #feed(maxBodyBytes: number) {
    let received = 0;
    try {
      for (;;) {
        const { done, value } = await this.#body.read();
        if (done) break;
        if (this.#stopped || this.#failure) continue;
        received += value.byteLength;
        if (received > maxBodyBytes) this.#fail(bodyTooLarge());
        else if (!this.#parser.write(value)) await this.#drained();
      }
      if (!this.#stopped && !this.#failure) this.#parser.end();
    } catch {
      // The client went away, sent a broken body, or was too slow to finish.
      this.#fail(unreadable());
    }
  }

  #drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        for (const event of ["drain", "close", "error"]) this.#parser.off(event, done);
        resolve();
      };
      for (const event of ["drain", "close", "error"]) this.#parser.on(event, done);
    });
  }

  /**
   * The next part, or undefined at the end. A file part must be read to its
   * end (or skipped) first: until then the parser waits for its reader.
   */
  async next(): Promise<FormPart | undefined> {
    if (this.#pending) {
      const pending = this.#pending;
      this.#pending = undefined;
      return pending;
    }
    for (;;) {
      if (this.#failure) throw this.#failure;
      // The end (null) stays in the queue, so asking again still finds it.
      if (this.#parts.length) return this.#parts[0] === null ? undefined : this.#parts.shift()!;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }

  /** The text fields in order, read up to the first file part (kept for `files`). */
  async textFields(): Promise<[string, string][]> {
    const fields: [string, string][] = [];
    for (let part = await this.next(); part; part = await this.next()) {
      if (part.kind === "file") {
        this.#pending = part;
        break;
      }
      fields.push([part.name, part.value]);
    }
    return fields;
  }

  /**
   * The file parts named `name`, each to be read before the next is yielded;
   * files under other names are skipped. Text after the first file is refused:
   * the fields decide whether there is anything to upload at all, so they must
   * be known before the first file's bytes arrive.
   */
  async *files(name: string): AsyncGenerator<FilePart> {
    for (let part = await this.next(); part; part = await this.next()) {
      if (part.kind === "text") fail(400, "Send the text fields before the files.");
      if (part.name === name) yield part;
      else await part.body.pipeTo(new WritableStream());
    }
  }

  /** Whether a file part came after the text fields (`textFields` stops at the first one). */
  get fileFollows(): boolean {
    return this.#pending !== undefined;
  }

  /** The error that stopped reading the body, if one did (a file stream fails with it too). */
  get failure(): HTTPException | undefined {
    return this.#failure;
  }

  /** Stops reading the body: nothing more of it is wanted. */
  close() {
    if (this.#stopped) return;
    const failed = this.#failure !== undefined;
    this.#stopped = true;
    this.#parser.destroy();
    if (!failed) this.#stopReadingSoon();
  }
}
