/**
 * Runs a format's parser over bytes that arrive in chunks of any size. The
 * parser is a generator that says what to do with the bytes that come next
 * (hold a few to read them, pass or drop a counted run, blank it, add bytes of
 * its own, pass JPEG scan data up to the next marker) and returns what becomes
 * of anything after the image's end. Only what a `read` asks for is held, so a
 * file flows through without being buffered.
 */

/** The file does not have the structure its type promises (cut short, a length out of bounds). */
export class MalformedImageError extends Error {}

export type Step =
  | { kind: "read"; bytes: number }
  | { kind: "pass"; bytes: number }
  | { kind: "drop"; bytes: number }
  | { kind: "blank"; bytes: number }
  | { kind: "emit"; bytes: Uint8Array }
  | { kind: "scan" };

/** What becomes of bytes after the image's end. */
export type Tail = "pass" | "drop";

/** `read` and `scan` resume the parser with the bytes they held; the other steps with nothing. */
export type ImageParser = Generator<Step, Tail, Uint8Array>;

export const read = (bytes: number): Step => ({ kind: "read", bytes });
export const pass = (bytes: number): Step => ({ kind: "pass", bytes });
export const drop = (bytes: number): Step => ({ kind: "drop", bytes });
export const blank = (bytes: number): Step => ({ kind: "blank", bytes });
export const emit = (bytes: Uint8Array): Step => ({ kind: "emit", bytes });
/** Passes JPEG entropy-coded data (with its stuffed 0xFF00 and restart markers) and resumes with the next marker's two bytes. */
export const scanToMarker = (): Step => ({ kind: "scan" });

const isScanData = (byte: number) => byte === 0x00 || (byte >= 0xd0 && byte <= 0xd7);
const markerStart = Uint8Array.of(0xff);

export class ByteParser {
  readonly #parser: ImageParser;
  #step: IteratorResult<Step, Tail>;
  /** Bytes still to go in a pass, drop or blank step. */
  #left = 0;
  /** What a read step has gathered so far. */
  #held = new Uint8Array(0);
  #heldLength = 0;
  /** A scan saw 0xFF as a chunk's last byte: the next byte says whether it starts a marker. */
  #scanEndsInMarkerStart = false;

  constructor(parser: ImageParser) {
    this.#parser = parser;
    this.#step = parser.next(new Uint8Array(0));
    this.#begin();
  }

  write(chunk: Uint8Array, out: (bytes: Uint8Array) => void): void {
    let at = 0;
    for (;;) {
      if (this.#step.done) {
        if (this.#step.value === "pass" && at < chunk.length) out(chunk.subarray(at));
        return;
      }
      const step = this.#step.value;
      if (step.kind === "emit") {
        out(step.bytes);
        this.#resume(new Uint8Array(0));
        continue;
      }
      if (step.kind === "read") {
        if (this.#heldLength === step.bytes) {
          this.#resume(this.#held);
          continue;
        }
        if (at === chunk.length) return;
        const taken = Math.min(step.bytes - this.#heldLength, chunk.length - at);
        this.#held.set(chunk.subarray(at, at + taken), this.#heldLength);
        this.#heldLength += taken;
        at += taken;
        continue;
      }
      if (step.kind === "scan") {
        if (at === chunk.length) return;
        at = this.#scan(chunk, at, out);
        continue;
      }
      if (this.#left === 0) {
        this.#resume(new Uint8Array(0));
        continue;
      }
      if (at === chunk.length) return;
      const taken = Math.min(this.#left, chunk.length - at);
      if (step.kind === "pass") out(chunk.subarray(at, at + taken));
      if (step.kind === "blank") out(new Uint8Array(taken));
      this.#left -= taken;
      at += taken;
    }
  }

  /** The input is over: an image that has not reached its end is cut short. */
  end(): void {
    if (!this.#step.done) throw new MalformedImageError("The image ends before its structure does.");
  }

  /** Passes scan data from `at` on; returns where it stopped (a marker was handed to the parser, or the chunk ran out). */
  #scan(chunk: Uint8Array, at: number, out: (bytes: Uint8Array) => void): number {
    if (this.#scanEndsInMarkerStart) {
      this.#scanEndsInMarkerStart = false;
      const byte = chunk[at];
      if (byte !== 0xff && !isScanData(byte)) {
        this.#resume(Uint8Array.of(0xff, byte));
        return at + 1;
      }
      out(markerStart);
      // A second 0xFF is fill before a marker or more data: look at it as a new start.
      if (byte === 0xff) return this.#scan(chunk, at, out);
    }
    let from = at;
    for (;;) {
      const ff = chunk.indexOf(0xff, from);
      if (ff === -1) {
        out(chunk.subarray(at));
        return chunk.length;
      }
      if (ff === chunk.length - 1) {
        if (ff > at) out(chunk.subarray(at, ff));
        this.#scanEndsInMarkerStart = true;
        return chunk.length;
      }
      const next = chunk[ff + 1];
      if (isScanData(next)) {
        from = ff + 2;
        continue;
      }
      if (next === 0xff) {
        from = ff + 1;
        continue;
      }
      if (ff > at) out(chunk.subarray(at, ff));
      this.#resume(Uint8Array.of(0xff, next));
      return ff + 2;
    }
  }

  #resume(value: Uint8Array): void {
    this.#step = this.#parser.next(value);
    this.#begin();
  }

  #begin(): void {
    if (this.#step.done) return;
    const step = this.#step.value;
    if (step.kind === "read") {
      this.#held = new Uint8Array(step.bytes);
      this.#heldLength = 0;
    } else if (step.kind === "pass" || step.kind === "drop" || step.kind === "blank") {
      this.#left = step.bytes;
    }
  }
}
