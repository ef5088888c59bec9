import type { ReadTx } from "../db/lanes.ts";
import type { Cursor } from "../http/cursor.ts";
import { keysetPage } from "./keyset.ts";

export interface LinkHealthPage {
  /** Each with url, host, state, moved_to, checked_at, archived_url, archived_at and the posts citing it (id, title, status). */
  sources: Record<string, unknown>[];
  nextCursor: string | null;
}

/** One page of dead and moved sources, newest problem first; private.link_health refuses anyone but the team. */
export async function listLinkHealth(tx: ReadTx, options: { cursor?: Cursor; limit: number }): Promise<LinkHealthPage> {
  const { cursor, limit } = options;
  const rows = await tx<{ source: Record<string, unknown>; sort_key: string; id: string }[]>`
    select source, sort_key, id
    from private.link_health(${limit + 1}, ${cursor ? String(cursor.key) : null}::text, ${cursor?.id ?? null}::bigint)`;
  const { shown, nextCursor } = keysetPage(rows, limit, (row) => ({ key: row.sort_key, id: Number(row.id) }));
  return { sources: shown.map((row) => row.source), nextCursor };
}
