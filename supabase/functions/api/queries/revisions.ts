import { type Cursor, encodeCursor } from "../../_shared/cursor.ts";
import type { Tx } from "../../_shared/db.ts";
import { fail } from "../../_shared/errors.ts";

export interface RevisionPage {
  post: { id: number; title: string };
  /** Newest first; each names the fields it changed (all of them for the first). */
  revisions: Record<string, unknown>[];
  nextCursor: string | null;
}

export interface RevisionComparison {
  /** The revision with its fields, and the one before it (null for the first), so the client can diff them. */
  revision: Record<string, unknown>;
  previous: Record<string, unknown> | null;
}

const postNotFound = "Post not found.";

// The revision before r: one step back along the (post_id, created_at, id)
// index, joined once per revision (not once per field compared).
const previousRevision = (tx: Tx) => tx`
  left join lateral (
    select prev.fields from public.post_revisions prev
    where prev.post_id = r.post_id and (prev.created_at, prev.id) < (r.created_at, r.id)
    order by prev.created_at desc, prev.id desc
    limit 1) before on true`;

/**
 * A post's revisions, newest first, one keyset page; a 404 when the caller may
 * not see the post. Row-level security shows revisions of published posts only.
 */
export async function listRevisions(tx: Tx, postId: number, options: { cursor?: Cursor; limit: number }): Promise<RevisionPage> {
  const { cursor, limit } = options;
  const [post] = await tx<{ id: number; title: string }[]>`select id, title from public.posts where id = ${postId}`;
  if (!post) fail(404, postNotFound);
  const rows = await tx<{ revision: Record<string, unknown>; id: number; cursor_key: string }[]>`
    select
      j.revision || jsonb_build_object('changed_fields', (
        select coalesce(jsonb_agg(f.key order by f.key), '[]'::jsonb)
        from jsonb_each(r.fields) f
        where f.value is distinct from before.fields -> f.key)) as revision,
      r.id,
      r.created_at::text as cursor_key
    from public.post_revisions r cross join lateral private.revision_json(r) j
    ${previousRevision(tx)}
    where r.post_id = ${postId}
      ${cursor ? tx`and (r.created_at, r.id) < (${String(cursor.key)}::text::timestamptz, ${cursor.id})` : tx``}
    order by r.created_at desc, r.id desc
    limit ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    post: { id: Number(post.id), title: post.title },
    revisions: page.map((row) => row.revision),
    nextCursor: rows.length > limit && last ? encodeCursor({ key: last.cursor_key, id: Number(last.id) }) : null,
  };
}

/** One revision of a post and the one before it, or a 404. */
export async function getRevisionComparison(tx: Tx, postId: number, revisionId: number): Promise<RevisionComparison> {
  const [row] = await tx<{ revision: Record<string, unknown>; previous: Record<string, unknown> | null }[]>`
    select
      j.revision || jsonb_build_object('fields', r.fields) as revision,
      (select pj.revision || jsonb_build_object('fields', prev.fields)
       from public.post_revisions prev cross join lateral private.revision_json(prev) pj
       where prev.post_id = r.post_id and (prev.created_at, prev.id) < (r.created_at, r.id)
       order by prev.created_at desc, prev.id desc
       limit 1) as previous
    from public.post_revisions r cross join lateral private.revision_json(r) j
    where r.post_id = ${postId} and r.id = ${revisionId}`;
  if (!row) {
    const [post] = await tx`select 1 from public.posts where id = ${postId}`;
    fail(404, post ? "Revision not found." : postNotFound);
  }
  return { revision: row.revision, previous: row.previous };
}
