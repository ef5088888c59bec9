/**
 * Multipart bodies written piece by piece over a raw HTTP request, to see when
 * the api function answers: fetch would not say how much of the body was sent.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { testEnv } from "./env.ts";

export type Piece = { text: [name: string, value: string] } | { file: { name: string; filename: string; chunks: () => Iterable<Uint8Array> } };

/** `head`, then `size - head.length` zero bytes, in chunks of 256 KB. */
export function* bytesStartingWith(head: Uint8Array, size: number): Generator<Uint8Array> {
  yield head;
  const zeros = new Uint8Array(256 * 1024);
  for (let left = size - head.length; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
}

function* encode(boundary: string, pieces: Piece[]): Generator<Uint8Array> {
  for (const piece of pieces) {
    if ("text" in piece) {
      yield Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${piece.text[0]}"\r\n\r\n${piece.text[1]}\r\n`);
    } else {
      yield Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${piece.file.name}"; filename="${piece.file.filename}"\r\n` +
          "content-type: application/octet-stream\r\n\r\n",
      );
      yield* piece.file.chunks();
      yield Buffer.from("\r\n");
    }
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}

export interface StreamedAnswer {
  status: number;
  body: { error?: string; detail?: string; id?: number };
  /** Bytes of the body written when the answer arrived. */
  sent: number;
  /** Bytes the whole body has. */
  total: number;
}

/**
 * POSTs (or PUTs) the pieces as one multipart body, chunked, honouring
 * backpressure, and stops writing as soon as an answer arrives. With
 * `contentLength`, that header is sent instead (and only what fits is
 * written); with `holdBody`, nothing is written: the answer must come from
 * the headers alone; with `pause`, the writing stops once `afterBytes` are
 * sent (`reached` is called then), and goes on when `until` resolves (a slow
 * client).
 */
export function sendStreamedForm(
  method: string,
  path: string,
  token: string,
  pieces: Piece[],
  options: { contentLength?: number; holdBody?: boolean; pause?: { afterBytes: number; until: Promise<void>; reached?: () => void } } = {},
): Promise<StreamedAnswer> {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  let total = 0;
  for (const chunk of encode(boundary, pieces)) total += chunk.byteLength;
  const headers: Record<string, string | number> = {
    // As browsers send it: on a connection the client asked to close, the local gateway closes
    // its socket once it answers early, and the reset to our next write can overtake that answer.
    connection: "keep-alive",
    authorization: `Bearer ${token}`,
    "content-type": `multipart/form-data; boundary=${boundary}`,
  };
  if (options.contentLength !== undefined) headers["content-length"] = options.contentLength;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(`${testEnv.supabaseUrl}/functions/v1${path}`, { method, headers, agent: false }, (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {}, sent: sentWhenAnswered, total });
        req.destroy();
      });
    });
    // Once answered, a reset while the rest is refused is expected.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunks = encode(boundary, pieces);
    const limit = options.contentLength ?? Infinity;
    let paused = false;
    const write = () => {
      // A declared length larger than the body is never reached: the answer must come first.
      while (!answered && sent < limit) {
        if (options.pause && !paused && sent >= options.pause.afterBytes) {
          paused = true;
          options.pause.reached?.();
          return void options.pause.until.then(write);
        }
        const next = chunks.next();
        if (next.done) return void req.end();
        const room = limit - sent;
        const chunk = next.value.byteLength > room ? next.value.subarray(0, room) : next.value;
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
    };
    if (options.holdBody) req.flushHeaders();
    else write();
  });
}
