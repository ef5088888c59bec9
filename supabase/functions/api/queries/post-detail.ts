import { JsonText } from "../db/json-text.ts";
import type { ReadTx } from "../db/lanes.ts";
import type { Votable, Votables } from "../read-cache/votables.ts";

export interface InfoBox {
  id: number;
  title: string;
  content: Record<string, string>;
  /** The content as [key, value] pairs in the author's order (the map does not keep it). */
  entries: [string, string][];
  order: number;
}

export interface PostDetail {
  post: Votable & Record<string, unknown>;
  infoBoxes: InfoBox[];
}

/**
 * A post's detail: a published post's from its stored card, as text
 * (private.approved_post_detail); only its author and admins read a post that
 * is not published, built under row-level security (getPostWithInfoBoxes).
 * Undefined when the caller may not see it.
 */
export async function getPostDetail(tx: ReadTx, id: number): Promise<JsonText<PostDetail> | PostDetail | undefined> {
  const [row] = await tx<{ detail: string | null }[]>`select private.approved_post_detail(${id}::bigint) as detail`;
  if (row.detail !== null) return new JsonText(row.detail);
  return getPostWithInfoBoxes(tx, id);
}

/** The post and its info boxes in one statement, built under row-level security, or undefined when the caller may not see it. */
export async function getPostWithInfoBoxes(tx: ReadTx, id: number): Promise<PostDetail | undefined> {
  const [row] = await tx<{ post: PostDetail["post"]; info_boxes: InfoBox[] }[]>`
    select
      -- Only the author and admins read a post that is not published: they are told why it was rejected.
      j.post || case when p.status = 'rejected' then jsonb_build_object('rejection_reason', p.rejection_reason) else '{}' end as post,
      private.info_boxes_json(p.id) as info_boxes
    from public.posts p cross join lateral private.post_json(p) j
    where p.id = ${id}`;
  return row ? { post: row.post, infoBoxes: row.info_boxes } : undefined;
}

export const postDetailVotables: Votables<PostDetail> = { posts: (detail) => [detail.post] };
