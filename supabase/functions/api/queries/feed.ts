import type { ReadTx } from "../db/lanes.ts";

export const feedLength = 50;

export interface FeedOptions {
  /** Events only, by event date; otherwise every post, newest published first. */
  events: boolean;
  /** Only posts with this tag (normalised as a post's tags are). */
  tag?: string;
  /** Only this author's posts. */
  authorId?: string;
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
 * An entry's atom:updated (RFC 4287 §4.2.15, its latest significant change):
 * publication is one (atom:published, §4.2.9, is when the post became public,
 * its approval), so a post approved after its last edit was updated then.
 */
const lastChange = (published: Date, edited: Date) => (edited > published ? edited : published);

type FeedRow = {
  id: string;
  title: string;
  excerpt: string;
  is_nsfw: boolean;
  tags: string[];
  author_name: string | null;
  published_at: Date;
  updated_at: Date;
};

const toFeedPost = (row: FeedRow): FeedPost => ({
  id: Number(row.id),
  title: row.title,
  excerpt: row.excerpt,
  isNsfw: row.is_nsfw,
  tags: row.tags,
  authorName: row.author_name ?? "Deleted user",
  published: row.published_at.toISOString(),
  updated: lastChange(row.published_at, row.updated_at).toISOString(),
});

/**
 * The newest published posts of a feed: private.feed_posts (events by event
 * date, the others by publication), read as a visitor.
 */
export async function feedPosts(tx: ReadTx, { events, tag, authorId }: FeedOptions): Promise<FeedPost[]> {
  const rows = await tx<FeedRow[]>`select * from private.feed_posts(${events}, ${tag ?? null}, ${feedLength}, ${authorId ?? null}::uuid)`;
  return rows.map(toFeedPost);
}

export interface AuthorFeed {
  authorName: string;
  posts: FeedPost[];
}

/**
 * An author's feed in one statement: their public name (private.public_author,
 * as the author page has it) and their newest published posts. Undefined when
 * the author has no public page (no public contribution, or deleted).
 */
export async function authorFeed(tx: ReadTx, authorId: string): Promise<AuthorFeed | undefined> {
  const rows = await tx<(Partial<FeedRow> & { public_name: string | null })[]>`
    select a.public_name, f.*
    from (select private.public_author(${authorId}::uuid)::jsonb ->> 'name' as public_name) a
    left join lateral private.feed_posts(false, null, ${feedLength}, ${authorId}::uuid) with ordinality as f on a.public_name is not null
    order by f.ordinality`;
  const authorName = rows[0]?.public_name;
  if (!authorName) return undefined;
  const posts = rows.filter((row): row is FeedRow & { public_name: string } => row.id != null).map(toFeedPost);
  return { authorName, posts };
}
