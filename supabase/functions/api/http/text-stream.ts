/**
 * A response body written piece by piece as `produce` runs: each `write`
 * waits until the reader has taken the piece (backpressure), so a large
 * answer is never held in memory. If the reader goes away, `write` rejects
 * and `produce` stops where it is; if `produce` fails, the body ends with an
 * error (the status line has already been sent).
 */
export function textStream(produce: (write: (text: string) => Promise<void>) => Promise<void>): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<string, string>();
  const writer = writable.getWriter();
  const write = async (text: string) => {
    await writer.ready;
    await writer.write(text);
  };
  produce(write).then(
    () => writer.close(),
    (error) => {
      console.error("streamed answer failed:", error);
      return writer.abort(error);
    },
  ).catch(() => {
    // The reader is gone: nothing is left to tell.
  });
  return readable.pipeThrough(new TextEncoderStream());
}
