import { JsonText } from "../db/json-text.ts";
import type { ReadTx } from "../db/lanes.ts";
import { type Cursor, encodeCursor } from "../http/cursor.ts";
import type { Votable, Votables } from "../read-cache/votables.ts";
import { type PostPage, postPage } from "./post-list.ts";

/**
 * The home page (SPEC §3): the pinned post, important posts, and the first of
 * today's posts in `timeZone`; `recentNextCursor` pages through the rest of
 * today's (listRecentPosts), null when all of them are shown.
 */
export interface HomePosts {
  pinnedPost: Votable | null;
  importantPosts: Votable[];
  recentPosts: Votable[];
  recentNextCursor: string | null;
}

interface HomeRow {
  pinned_post: string;
  important_posts: string;
  recent_posts: string;
  recent_next_key: string | null;
  recent_next_id: string | null;
}

export async function getHomePosts(tx: ReadTx, timeZone: string): Promise<JsonText<HomePosts>> {
  const [row] = await tx<HomeRow[]>`select * from private.home_posts(${timeZone})`;
  const next = row.recent_next_key === null ? null : encodeCursor({ key: row.recent_next_key, id: Number(row.recent_next_id) });
  return new JsonText(
    `{"pinnedPost": ${row.pinned_post}, "importantPosts": ${row.important_posts}, "recentPosts": ${row.recent_posts}, "recentNextCursor": ${JSON.stringify(next)}}`,
  );
}

export const homeVotables: Votables<HomePosts> = {
  posts: (home) => [home.pinnedPost, ...home.importantPosts, ...home.recentPosts],
};

/** Today's posts in `timeZone` after `cursor` (Home's "Show more"), newest first. */
export async function listRecentPosts(tx: ReadTx, timeZone: string, cursor: Cursor, limit: number): Promise<JsonText<PostPage>> {
  const rows = await tx<{ post: string; sort_key: string; id: string }[]>`
    select post, sort_key, id
    from private.recent_posts(${timeZone}, ${limit + 1}, ${String(cursor.key)}::text, ${cursor.id}::bigint)`;
  return postPage(rows, limit);
}
