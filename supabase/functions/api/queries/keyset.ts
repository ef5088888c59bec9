import type { ReadTx } from "../db/lanes.ts";
import { type Cursor, encodeCursor } from "../http/cursor.ts";

/**
 * Rows newer first by (created_at, id) after `cursor`, for a `where`: a row
 * value comparison, which the (…, created_at, id) indexes serve. `alias`
 * names the table in the statement.
 */
export const olderThan = (tx: ReadTx, alias: string, cursor: Cursor) =>
  tx`(${tx(alias)}.created_at, ${tx(alias)}.id) < (${String(cursor.key)}::text::timestamptz, ${cursor.id})`;

/**
 * A page from `limit` + 1 rows read in keyset order: the extra row only says
 * that another page follows, which starts after the last row shown.
 */
export function keysetPage<Row>(rows: Row[], limit: number, cursorOf: (row: Row) => Cursor): { shown: Row[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { shown, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}
