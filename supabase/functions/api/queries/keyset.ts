import type { ReadTx } from "../db/lanes.ts";
import { type Cursor, encodeCursor } from "../http/cursor.ts";

/**
 * Rows newer first by (created_at, id) after `cursor`, for a `where`: a row
 * value comparison, which the (…, created_at, id) indexes serve. `alias`
 * names the table in the statement.
 */
export const olderThan = (tx: ReadTx, alias: string, cursor: Cursor) =>
  tx`(${tx(alias)}.created_at, ${tx(alias)}.id) < (${String(cursor.key)}::text::timestamptz, ${cursor.id})`;

/** What a keyset page reads of each row besides its content: its id and its created_at as the cursor's key. */
export type KeysetRow = { id: number; cursor_key: string };

/** The columns of a `KeysetRow`, from the table `alias` names. */
export const keysetColumns = (tx: ReadTx, alias: string) => tx`${tx(alias)}.id, ${tx(alias)}.created_at::text as cursor_key`;

/** Newest first by (created_at, id), one row more than the page: see keysetPage. */
export const keysetOrder = (tx: ReadTx, alias: string, limit: number) =>
  tx`order by ${tx(alias)}.created_at desc, ${tx(alias)}.id desc limit ${limit + 1}`;

/** The cursor after a `KeysetRow`. */
export const rowCursor = (row: KeysetRow): Cursor => ({ key: row.cursor_key, id: Number(row.id) });

/**
 * A page from `limit` + 1 rows read in keyset order: the extra row only says
 * that another page follows, which starts after the last row shown.
 */
export function keysetPage<Row>(rows: Row[], limit: number, cursorOf: (row: Row) => Cursor): { shown: Row[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { shown, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}
