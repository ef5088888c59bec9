/**
 * COPY through postgres.js, with a workaround for its one known trap:
 * when a slow reader makes the COPY stream push back on its last chunk,
 * postgres.js pauses the connection's socket, and only the stream's `_read`
 * resumes it, which Node no longer calls once the stream has ended. The
 * connection then never reads the end of the command, and the next query on
 * it hangs (https://github.com/porsager/postgres/issues/499; the fix,
 * https://github.com/porsager/postgres/pull/1016, is not released).
 * Calling `_read` once the stream ends resumes the socket; on a socket that
 * is not paused it does nothing.
 */
import type { Readable } from "node:stream";
import type postgres from "postgres";

export async function copyOut(sql: postgres.Sql | postgres.TransactionSql, statement: string): Promise<Readable> {
  const stream = await sql.unsafe(statement).readable();
  stream.once("end", () => (stream as Readable & { _read(size: number): void })._read(0));
  return stream;
}
