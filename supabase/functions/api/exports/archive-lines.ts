import type { ReadTx } from "../db/lanes.ts";
import { archiveBatchSize as batchSize, archiveBatchSql } from "./archive-batch-sql.ts";

/**
 * The published archive as JSON Lines, a batch of posts at a time by id, each
 * batch a short read of its own taken up after the last id sent. Each line is
 * a post (its card, content and references) with its sources and its
 * revisions as the history page shows them: row-level security decides what
 * is read, and a revision whose content an admin hid has null fields there
 * (public.post_revisions keeps them only in hidden_revision_content, which
 * visitors cannot read).
 */
export async function* archiveLines(read: <T>(work: (tx: ReadTx) => Promise<T>) => Promise<T>): AsyncGenerator<string> {
  let afterId = 0;
  for (;;) {
    const rows = await read((tx) => tx.unsafe<{ id: string; line: string }[]>(archiveBatchSql, [afterId, batchSize]));
    if (!rows.length) return;
    yield rows.map((row) => `${row.line}\n`).join("");
    if (rows.length < batchSize) return;
    afterId = Number(rows[rows.length - 1].id);
  }
}
