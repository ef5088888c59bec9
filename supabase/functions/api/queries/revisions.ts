import type { ReadTx } from "../db/lanes.ts";
import type { Cursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { keysetColumns, keysetOrder, keysetPage, type KeysetRow, olderThan, rowCursor } from "./keyset.ts";

export interface RevisionPage {
  post: { id: number; title: string };
  /**
   * Newest first; each names the fields it changed (all of them for the first)
   * and whether an admin hid its content (then its reason is null).
   */
  revisions: Record<string, unknown>[];
  nextCursor: string | null;
}

export interface RevisionComparison {
  /**
   * The revision with its fields, and the one before it (null for the first),
   * so the client can diff them. A revision whose content an admin hid has
   * null fields and reason, except in an admin's read (`withHiddenContent`).
   */
  revision: Record<string, unknown>;
  previous: Record<string, unknown> | null;
}

const postNotFound = "Post not found.";
const revisionNotFound = "Revision not found.";

/**
 * A post's revisions, newest first, one keyset page; a 404 when the caller may
 * not see the post. Row-level security shows revisions of published posts only.
 */
export async function listRevisions(tx: ReadTx, postId: number, options: { cursor?: Cursor; limit: number }): Promise<RevisionPage> {
  const { cursor, limit } = options;
  const [post] = await tx<{ id: number; title: string }[]>`select id, title from public.posts where id = ${postId}`;
  if (!post) fail(404, postNotFound);
  const rows = await tx<({ revision: Record<string, unknown> } & KeysetRow)[]>`
    select j.revision, ${keysetColumns(tx, "r")}
    from public.post_revisions r cross join lateral private.revision_json(r) j
    where r.post_id = ${postId}
      ${cursor ? tx`and ${olderThan(tx, "r", cursor)}` : tx``}
    ${keysetOrder(tx, "r", limit)}`;
  const { shown, nextCursor } = keysetPage(rows, limit, rowCursor);
  return {
    post: { id: Number(post.id), title: post.title },
    revisions: shown.map((row) => row.revision),
    nextCursor,
  };
}

/**
 * A revision's fields for the answer. An admin's read also gives what an
 * admin hid, fields and reason, from public.hidden_revision_content (row-level
 * security shows it to admins only; it has a row exactly while the content is
 * hidden).
 */
const contentOf = (tx: ReadTx, revision: "r" | "prev", withHiddenContent: boolean) =>
  withHiddenContent
    ? tx`coalesce(
        (select jsonb_build_object('fields', h.fields, 'reason', h.reason)
         from public.hidden_revision_content h where h.revision_id = ${tx(revision)}.id),
        jsonb_build_object('fields', ${tx(revision)}.fields))`
    : tx`jsonb_build_object('fields', ${tx(revision)}.fields)`;

/**
 * One revision and the one before it: of the given post (a 404 for another
 * post's), or of any post for an admin's read, which also gives hidden
 * content (`withHiddenContent`; the caller must be an admin).
 */
export async function getRevisionComparison(
  tx: ReadTx,
  revisionId: number,
  options: { postId: number; withHiddenContent?: false } | { postId?: undefined; withHiddenContent: true },
): Promise<RevisionComparison> {
  const { postId, withHiddenContent = false } = options;
  const [row] = await tx<{ revision: Record<string, unknown>; previous: Record<string, unknown> | null }[]>`
    select
      j.revision || ${contentOf(tx, "r", withHiddenContent)} as revision,
      (select pj.revision || ${contentOf(tx, "prev", withHiddenContent)}
       from public.post_revisions prev cross join lateral private.revision_json(prev) pj
       where prev.post_id = r.post_id and (prev.created_at, prev.id) < (r.created_at, r.id)
       order by prev.created_at desc, prev.id desc
       limit 1) as previous
    from public.post_revisions r cross join lateral private.revision_json(r) j
    where r.id = ${revisionId} ${postId === undefined ? tx`` : tx`and r.post_id = ${postId}`}`;
  if (!row) {
    if (postId === undefined) fail(404, revisionNotFound);
    const [post] = await tx`select 1 from public.posts where id = ${postId}`;
    fail(404, post ? revisionNotFound : postNotFound);
  }
  return { revision: row.revision, previous: row.previous };
}
