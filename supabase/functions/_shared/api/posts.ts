import { z } from "zod";
import { userVote } from "./votes.ts";

/**
 * The shapes of /api/posts and the lists of posts (SPEC §3, §7), as the
 * database builds them: private.post_card and private.post_counters give a
 * post (private.post_json when built live), private.info_boxes_json its info
 * boxes, private.home_posts Home, private.post_sources_json its sources.
 */

const timestamp = z.string().meta({ description: "ISO 8601 date and time with offset.", example: "2026-05-01T14:30:00+00:00" });

/** A post's image or video, in its order. */
export const media = z
  .object({
    id: z.number().int(),
    url: z.string().meta({ description: "Site-relative, under /images/." }),
    media_type: z.enum(["image", "video"]),
    width: z.number().int().nullable().meta({ description: "An image's size as shown, in pixels; null for videos and images whose size was not read." }),
    height: z.number().int().nullable(),
  })
  .meta({ id: "Media", example: { id: 7, url: "/images/3f2a9c.png", media_type: "image", width: 1200, height: 800 } });

export const postStatus = z.enum(["pending", "approved", "rejected"]).meta({ id: "PostStatus" });

const postExample = {
  id: 42,
  title: "Opening of the community garden",
  excerpt: "Neighbours planted the first beds on Saturday.",
  tags: "garden,events",
  citations: null,
  post_type: "event",
  status: "approved",
  is_nsfw: false,
  is_pinned: false,
  is_important: true,
  event_timestamp: "2026-05-02T10:00:00+00:00",
  created_at: "2026-05-01T14:30:00.123456+00:00",
  author_name: "Ada Lovelace",
  author_id: "9b2f6a34-7c1e-4d8a-a1f0-2c3d4e5f6a7b",
  media: [{ id: 7, url: "/images/3f2a9c.png", media_type: "image", width: 1200, height: 800 }],
  image_url: "3f2a9c.png",
  media_type: "image",
  thumbnail_url: "/renditions/3f2a9c.png?width=640&quality=75",
  content: null,
  upvotes: 4,
  downvotes: 1,
  comment_count: 3,
  user_vote: "none",
} as const;

/** A post as every answer shows it. */
export const post = z
  .object({
    id: z.number().int(),
    title: z.string(),
    excerpt: z.string(),
    tags: z.string().meta({ description: "Comma-separated." }),
    citations: z.string().nullable(),
    post_type: z.string().meta({ description: "'discussion', 'event', or another value." }),
    status: postStatus,
    is_nsfw: z.boolean(),
    is_pinned: z.boolean(),
    is_important: z.boolean(),
    event_timestamp: timestamp.nullable().meta({ description: "When it happened; midnight means the time is unknown." }),
    created_at: timestamp,
    author_name: z.string().nullable().meta({ description: "\"Deleted user\" once the account is deleted." }),
    author_id: z.string().nullable().meta({ description: "Links the name to the author's page; null once the account is deleted." }),
    media: z.array(media),
    image_url: z.string().nullable().meta({ description: "The first image's file name, served under /images/." }),
    media_type: z.enum(["image", "video"]).nullable().meta({ description: "The first medium's type." }),
    thumbnail_url: z.string().nullable().meta({ description: "The first image at card size, site-relative, under /renditions/." }),
    content: z.string().nullable().meta({
      description: "Markdown. Null in the lists, which carry no content; the timeline carries its first 200 characters.",
    }),
    upvotes: z.number().int().nonnegative(),
    downvotes: z.number().int().nonnegative(),
    comment_count: z.number().int().nonnegative(),
    user_vote: userVote,
    rejection_reason: z.string().nullable().optional().meta({
      description: "On a rejected post, read by its author or the team: why it was not accepted (null when no reason was given).",
    }),
  })
  .meta({ id: "Post", example: postExample });

/** A key and its value in an info box. */
const infoBoxEntry = z.tuple([z.string(), z.string()]);

export const infoBox = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.record(z.string(), z.string()),
    entries: z.array(infoBoxEntry).meta({ description: "The content as [key, value] pairs in the author's order (the map does not keep it)." }),
    order: z.number().int(),
  })
  .meta({
    id: "InfoBox",
    example: { id: 3, title: "Where", content: { Place: "Old mill" }, entries: [["Place", "Old mill"]], order: 0 },
  });

/** GET /api/posts/{id}: the post with its whole content, and its info boxes. */
export const postDetail = z
  .object({ post, infoBoxes: z.array(infoBox) })
  .meta({ id: "PostDetail" });

/** GET /api/posts/{id}/info-boxes. */
export const infoBoxList = z.array(infoBox);

/** GET /api/posts: Home. */
export const homePosts = z
  .object({
    // A union, not .nullable(): the generator would make the Post component itself nullable.
    pinnedPost: z.union([post, z.null()]),
    importantPosts: z.array(post).meta({ description: "The 10 newest important posts." }),
    recentPosts: z.array(post).meta({ description: "The first 20 of today's posts in the visitor's time zone, newest first." }),
    recentNextCursor: z.string().nullable().meta({ description: "More of today's posts follow (GET /api/posts/recent from here), or null." }),
  })
  .meta({ id: "HomePosts" });

/** A page of posts (GET /api/posts/all, /api/posts/recent). */
export const postPage = z
  .object({
    posts: z.array(post),
    nextCursor: z.string().nullable().meta({ description: "Pass back as `cursor` for the next page; null at the end." }),
  })
  .meta({ id: "PostPage" });

/** Where a search result matched: HTML-escaped text whose only markup is <mark>. */
export const searchMatch = z
  .object({
    title: z.string().meta({ description: "The title, the matched words in <mark>." }),
    snippet: z.string().meta({ description: "Up to two passages of the excerpt and content around the matched words, in <mark>; the start of the text, unmarked, when only the title matched." }),
    highlights: z.array(z.string()).meta({ description: "The matched words as written in the post, each once." }),
  })
  .meta({ id: "SearchMatch" });

/** GET /api/posts/all: a page of posts, and on the first page of a search the number of results. */
export const postSearchPage = z
  .object({
    posts: z.array(post.extend({ match: searchMatch.optional().meta({ description: "While the search has words." }) })),
    nextCursor: z.string().nullable().meta({ description: "Pass back as `cursor` for the next page; null at the end." }),
    total: z.number().int().nonnegative().nullable().meta({
      description: "How many posts match, on the first page of a search (words, or author, type, days, sources or media); null otherwise, a tag's or a day's list included. Counted up to 1,000.",
    }),
    totalExact: z.boolean().meta({ description: "False when more posts match than `total` (the count stops at 1,000)." }),
    suggestion: z.string().nullable().meta({
      description: "When nothing matches: the search with its misspelt words replaced by the archive's nearest words, which finds posts; else null.",
    }),
  })
  .meta({ id: "PostSearchPage" });

/** A URL a post cites, with what the link checker knows of it. */
export const postSource = z
  .object({
    url: z.string(),
    host: z.string(),
    state: z.enum(["unchecked", "alive", "moved", "dead", "uncheckable"]),
    moved_to: z.string().nullable(),
    checked_at: timestamp.nullable(),
    consecutive_failures: z.number().int().meta({ description: "Checks failed in a row: one failure leaves the state as it was, the second makes it dead." }),
    next_check_at: timestamp.nullable().meta({ description: "When it is checked next; null while no published or pending post cites it." }),
    archived_url: z.string().nullable(),
    archived_at: timestamp.nullable(),
    place: z.enum(["references", "content"]).meta({ description: "Where the post first cites it: its references, else its content." }),
  })
  .meta({
    id: "PostSource",
    example: {
      url: "https://example.org/news/garden",
      host: "example.org",
      state: "alive",
      moved_to: null,
      checked_at: "2026-05-03T08:00:00.123456+00:00",
      consecutive_failures: 0,
      next_check_at: "2026-05-10T08:00:00.123456+00:00",
      archived_url: null,
      archived_at: null,
      place: "references",
    },
  });

/** GET /api/posts/{id}/sources: each source once, references first, then content, in the post's order. */
export const postSources = z.object({ sources: z.array(postSource) });

/** POST /api/posts (multipart/form-data): documented only; the form is read as it streams (forms/post-form.ts). */
export const newPostForm = z
  .object({
    title: z.string(),
    excerpt: z.string(),
    content: z.string().meta({ description: "Markdown." }),
    tags: z.string().optional().meta({ description: "Comma-separated." }),
    citations: z.string().optional(),
    postType: z.string().optional().meta({ description: "'discussion', 'event', or another value." }),
    isNSFW: z.enum(["1", "0", "true", "false"]).optional(),
    eventTimestamp: z.string().optional().meta({ description: "ISO 8601; an event needs one, other posts ignore it." }),
    infoBoxes: z.string().optional().meta({
      description: "A JSON list of info boxes: [{title, content?: {key: value}, entries?: [[key, value]], order?}].",
    }),
    media: z.array(z.string().meta({ format: "binary" })).optional().meta({ description: "Images and videos, in order; the text fields come first." }),
  })
  .meta({ id: "NewPostForm" });

/** PUT /api/posts/{id} (multipart/form-data): only the fields sent change. Documented only, like the new post's form. */
export const postUpdateForm = z
  .object({
    title: z.string().optional(),
    excerpt: z.string().optional(),
    content: z.string().optional(),
    tags: z.string().optional(),
    citations: z.string().optional(),
    post_type: z.string().optional(),
    is_nsfw: z.enum(["1", "0", "true", "false"]).optional(),
    event_timestamp: z.string().optional().meta({ description: "ISO 8601; empty clears it." }),
    infoBoxes: z.string().optional().meta({ description: "A JSON list of info boxes, replacing the post's." }),
    existing_media_urls: z.array(z.string()).optional().meta({ description: "The media to keep, by the URLs the post showed." }),
    new_media: z.array(z.string().meta({ format: "binary" })).optional().meta({ description: "Media to add; the text fields come first." }),
    note: z.string().optional().meta({ description: "Why, for the post's history." }),
  })
  .meta({ id: "PostUpdateForm" });

/** POST /api/posts: created, held for review. */
export const postCreated = z.object({
  success: z.literal(true),
  id: z.number().int(),
  message: z.string().meta({ example: "Post submitted for review!" }),
});

/** PUT /api/posts/{id}: the post as it is now. */
export const postUpdated = z.object({ post });

/** DELETE /api/posts/{id}. */
export const postDeleted = z.object({
  success: z.literal(true),
  message: z.string().meta({ example: "Post deleted successfully." }),
});

/** POST /api/posts/{id}/pin and the other flags: the post as it is now. */
export const postFlagged = z.object({
  success: z.literal(true),
  message: z.string().meta({ example: "Post successfully updated." }),
  post,
});

export type Media = z.infer<typeof media>;
export type PostStatus = z.infer<typeof postStatus>;
export type Post = z.infer<typeof post>;
export type InfoBox = z.infer<typeof infoBox>;
export type PostDetail = z.infer<typeof postDetail>;
export type HomePosts = z.infer<typeof homePosts>;
export type PostPage = z.infer<typeof postPage>;
export type PostSearchPage = z.infer<typeof postSearchPage>;
export type SearchMatch = z.infer<typeof searchMatch>;
export type PostSource = z.infer<typeof postSource>;
export type PostSources = z.infer<typeof postSources>;
export type PostCreated = z.infer<typeof postCreated>;
export type PostUpdated = z.infer<typeof postUpdated>;
export type PostDeleted = z.infer<typeof postDeleted>;
export type PostFlagged = z.infer<typeof postFlagged>;
