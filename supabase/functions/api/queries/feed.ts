import type { Tx } from "../../_shared/db.ts";

export const feedLength = 50;

export interface FeedOptions {
  /** Events only, by event date; otherwise every post, newest submitted first. */
  events: boolean;
  /** Only posts with this tag (normalised as a post's tags are). */
  tag?: string;
}

export interface FeedPost {
  id: number;
  title: string;
  excerpt: string;
  isNsfw: boolean;
  tags: string[];
  authorName: string;
  published: string;
  updated: string;
}

/**
 * The newest published posts of a feed, read as a visitor (row-level security
 * shows approved posts only; the explicit status lets the planner use the
 * partial list indexes). "Newest" is the order of the all-posts list: by
 * submission, which the index on created_at serves; a post approved late
 * still appears, below those submitted after it.
 */
export async function feedPosts(tx: Tx, { events, tag }: FeedOptions): Promise<FeedPost[]> {
  const rows = await tx<{
    id: string;
    title: string;
    excerpt: string;
    is_nsfw: boolean;
    tags: string[];
    author_name: string;
    created_at: Date;
    updated_at: Date;
  }[]>`
    select p.id, p.title, p.excerpt, p.is_nsfw, p.tags, p.created_at, p.updated_at,
           -- A deleted account's posts stay, under this name (as private.post_json says).
           case when p.author_id is null then 'Deleted user'
                else (select pr.display_name from public.profiles pr where pr.id = p.author_id) end as author_name
    from public.posts p
    where p.status = 'approved'
      ${events ? tx`and p.post_type = 'event'` : tx``}
      ${tag ? tx`and p.tags @> private.normalize_tags(array[${tag}]::text[])` : tx``}
    -- An event's sort_date is its event date (events must have one).
    order by ${events ? tx`p.sort_date` : tx`p.created_at`} desc, p.id desc
    limit ${feedLength}`;
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    excerpt: row.excerpt,
    isNsfw: row.is_nsfw,
    tags: row.tags,
    authorName: row.author_name ?? "Deleted user",
    published: row.created_at.toISOString(),
    updated: row.updated_at.toISOString(),
  }));
}
