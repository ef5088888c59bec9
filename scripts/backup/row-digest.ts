/**
 * A table's content as one short value that does not depend on row order:
 * COPY's text format writes each row as one line (a newline inside a value is
 * written `\n`), and the digest is the count of lines and the sum, modulo
 * 2^128, of the first 16 bytes of each line's SHA-256. The backup computes it
 * as it writes a table's file; the restore computes it again from the
 * restored table (whose rows may come back in another order), and the tests
 * compare two databases with it.
 */
import { createHash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";

const mask = (1n << 128n) - 1n;
const newline = 0x0a;

export interface TableDigest {
  rows: number;
  /** 32 hex digits. */
  digest: string;
}

export class RowDigest {
  private sum = 0n;
  private rows = 0;
  /** The start of a line cut by a chunk boundary. */
  private rest: Buffer[] = [];

  /** Feeds COPY text output, in chunks cut anywhere. */
  update(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(newline); end !== -1; end = chunk.indexOf(newline, start)) {
      const piece = chunk.subarray(start, end);
      this.addLine(this.rest.length ? Buffer.concat([...this.rest, piece]) : piece);
      this.rest = [];
      start = end + 1;
    }
    if (start < chunk.length) this.rest.push(Buffer.from(chunk.subarray(start)));
  }

  private addLine(line: Buffer): void {
    const hash = createHash("sha256").update(line).digest();
    this.sum = (this.sum + BigInt(`0x${hash.subarray(0, 16).toString("hex")}`)) & mask;
    this.rows += 1;
  }

  /** The digest so far; a last line without its newline (never in COPY output) counts as a line. */
  result(): TableDigest {
    if (this.rest.length) {
      this.addLine(Buffer.concat(this.rest));
      this.rest = [];
    }
    return { rows: this.rows, digest: this.sum.toString(16).padStart(32, "0") };
  }
}

/** A pass-through stream that digests the rows and hashes the bytes going by (the data file's SHA-256). */
export function digestingStream(): { stream: Transform; result: () => TableDigest & { bytes: number; sha256: string } } {
  const rows = new RowDigest();
  const file = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      rows.update(chunk);
      file.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ ...rows.result(), bytes, sha256: file.digest("hex") }) };
}
