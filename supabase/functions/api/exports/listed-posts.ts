import type { ReadTx } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { listPosts, type PostListOptions } from "../queries/post-list.ts";
import type { ListedPost } from "./post-record.ts";

/** The most posts one download of All posts carries. */
export const exportCap = 10_000;

/** The list reader's largest page. */
const pageSize = 100;

/**
 * All posts' results in the list's order, `limit` at most, a page at a time:
 * each page is a short read of its own, taken up after the last post with the
 * list's keyset cursor, so a slow download holds no connection and never has
 * more than one page in memory.
 */
export async function* listedPosts(
  read: <T>(work: (tx: ReadTx) => Promise<T>) => Promise<T>,
  filters: Omit<PostListOptions, "limit" | "cursor">,
  limit: number,
): AsyncGenerator<ListedPost[]> {
  let cursor: string | null = null;
  for (let left = limit; left > 0;) {
    const options = { ...filters, cursor: decodeCursor(cursor ?? undefined), limit: Math.min(pageSize, left) };
    const page = JSON.parse((await read((tx) => listPosts(tx, options))).text) as { posts: ListedPost[]; nextCursor: string | null };
    if (page.posts.length) yield page.posts;
    left -= page.posts.length;
    cursor = page.nextCursor;
    if (!cursor) return;
  }
}
