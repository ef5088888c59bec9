import type { PublicAuthorAnswer as PublicAuthor } from "../../_shared/api/authors.ts";
import { JsonText } from "../db/json-text.ts";
import type { ReadTx } from "../db/lanes.ts";
import type { Cursor } from "../http/cursor.ts";
import type { Votables } from "../read-cache/votables.ts";
import { type PostPage, postPage } from "./post-list.ts";

export interface AuthorPage extends PostPage {
  author: PublicAuthor;
}

export const authorPageVotables: Votables<AuthorPage> = { posts: (page) => page.posts };

/**
 * An author page in one statement: the author (private.public_author) and a
 * page of their published posts, newest published first. Undefined when the account's
 * name is not public (no public contribution, or deleted).
 */
export async function getAuthorPage(tx: ReadTx, authorId: string, cursor: Cursor | undefined, limit: number): Promise<JsonText<AuthorPage> | undefined> {
  const rows = await tx<{ author: string | null; post: string | null; sort_key: string | null; id: string | null }[]>`
    select a.author, p.post, p.sort_key, p.id
    from (select private.public_author(${authorId}::uuid) as author) a
    left join lateral private.author_posts(${authorId}::uuid, ${limit + 1}, ${cursor ? String(cursor.key) : null}::text, ${cursor?.id ?? null}::bigint)
      with ordinality as p (post, sort_key, id, position) on a.author is not null
    order by p.position`;
  const author = rows[0]?.author;
  if (!author) return undefined;
  const posts = rows.filter((row): row is { author: string; post: string; sort_key: string; id: string } => row.post !== null);
  const page = postPage(posts, limit).text;
  return new JsonText(`{"author": ${author}, ${page.slice(1)}`);
}
