import type { ReadTx } from "../db/lanes.ts";

export const feedLength = 50;

export interface FeedOptions {
  /** Events only, by event date; otherwise every post, newest published first. */
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
 * An entry's atom:updated (RFC 4287 §4.2.15, its latest significant change):
 * publication is one (atom:published, §4.2.9, is when the post became public,
 * its approval), so a post approved after its last edit was updated then.
 */
const lastChange = (published: Date, edited: Date) => (edited > published ? edited : published);

/**
 * The newest published posts of a feed: private.feed_posts (events by event
 * date, the others by publication), read as a visitor.
 */
export async function feedPosts(tx: ReadTx, { events, tag }: FeedOptions): Promise<FeedPost[]> {
  const rows = await tx<{
    id: string;
    title: string;
    excerpt: string;
    is_nsfw: boolean;
    tags: string[];
    author_name: string | null;
    published_at: Date;
    updated_at: Date;
  }[]>`select * from private.feed_posts(${events}, ${tag ?? null}, ${feedLength})`;
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    excerpt: row.excerpt,
    isNsfw: row.is_nsfw,
    tags: row.tags,
    authorName: row.author_name ?? "Deleted user",
    published: row.published_at.toISOString(),
    updated: lastChange(row.published_at, row.updated_at).toISOString(),
  }));
}
