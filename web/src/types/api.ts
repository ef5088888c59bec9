/**
 * The shapes the `/api` calls answer with (SPEC §3, §7). Enumerations come
 * from the generated database types (`npm run gen:types`), so a change to the
 * database shows up here as a type error.
 */
import type { Database } from "@shared/database.types.ts";
import type { PublicAuthor } from "@shared/public-author.ts";

type Enum<Name extends keyof Database["public"]["Enums"]> = Database["public"]["Enums"][Name];

export type PostStatus = Enum<"post_status">;
export type ReviewStatus = Enum<"review_status">;
export type VoteType = "up" | "down" | "none";
export type SortOrder = "newest" | "oldest" | "most_upvotes";
export type CommentSort = "newest" | "top";

export interface Media {
  id: number;
  /** Site-relative, e.g. `/images/abc.png`. */
  url: string;
  media_type: "image" | "video";
  /** An image's size as shown, in pixels, stored at upload; null for videos and images whose size was not read. */
  width: number | null;
  height: number | null;
}

export interface Post {
  id: number;
  title: string;
  excerpt: string;
  /** Markdown. Null in list answers, which carry no content (the timeline carries its first 200 characters). */
  content: string | null;
  /** Comma-separated. */
  tags: string;
  citations: string | null;
  /** 'discussion', 'event', or another value. */
  post_type: string;
  status: PostStatus;
  is_nsfw: boolean;
  is_pinned: boolean;
  is_important: boolean;
  /** ISO timestamp; midnight means the time is unknown. */
  event_timestamp: string | null;
  created_at: string;
  author_name: string | null;
  /** Links the name to the author's page; null once the account is deleted. */
  author_id: string | null;
  upvotes: number;
  downvotes: number;
  user_vote: VoteType;
  comment_count: number;
  media: Media[];
  /** File name served under /images/. */
  image_url: string | null;
  media_type: "image" | "video" | null;
  /** The first image at card size: site-relative, under /renditions/ (docs/deploy.md, "Images sized for their slot"). */
  thumbnail_url: string | null;
  /** On the author's own rejected post: why it was not accepted (null when no reason was given). */
  rejection_reason?: string | null;
}

/** A key and its value in an info box. */
export type InfoBoxEntry = [key: string, value: string];

export interface InfoBox {
  id: number;
  title: string;
  content: Record<string, string>;
  /** The content in the author's order of keys (a JSON map does not keep it): what the site shows. */
  entries: InfoBoxEntry[];
  order: number;
}

export interface HomePosts {
  pinnedPost: Post | null;
  importantPosts: Post[];
  recentPosts: Post[];
  /** More of today's posts follow (GET /api/posts/recent from here), or null. */
  recentNextCursor: string | null;
}

export interface PostPage {
  posts: Post[];
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
}

/** GET /api/timeline: a page, and when it was opened at a month (`from`), the way back up. */
export interface TimelinePage extends PostPage {
  /** Pass back as `newer` for the newer posts above this page; null when none are left or the page starts at the top. */
  newerCursor: string | null;
}

/** GET /api/timeline/months: the months (YYYY-MM) that have posts on the timeline, newest first. */
export interface TimelineMonths {
  months: string[];
}

/** GET /api/tags: a tag of a published post and how many published posts have it. */
export interface TagCount {
  tag: string;
  count: number;
}

export type { PublicAuthor };

export interface AuthorPage extends PostPage {
  author: PublicAuthor;
}

export interface PostDetail {
  post: Post;
  infoBoxes: InfoBox[];
}

export interface Comment {
  id: number;
  post_id: number;
  content: string;
  parent_id: number | null;
  author_name: string | null;
  /** The author's page; null for a deleted account or a comment deleted by its author. */
  author_id: string | null;
  created_at: string;
  /** When its author last changed its words; null if never. */
  edited_at: string | null;
  /** Deleted by its author while it had replies: `content` says so, and it has no name. */
  deleted: boolean;
  upvotes: number;
  downvotes: number;
  user_vote: VoteType;
}

/** A page of a post's comments in thread order: each top-level comment, then its replies (GET /api/posts/{id}/comments). */
export interface CommentPage {
  comments: Comment[];
  /** Where the next page starts, or null on the last. */
  nextCursor: string | null;
  /** Comments in the whole thread. */
  total: number;
}

export interface VoteResult {
  upvotes: number;
  downvotes: number;
  user_vote: VoteType;
}

/** Fields an edit suggestion may change; `suggested_*` is absent when unchanged. */
type SuggestableFields = {
  title: string;
  excerpt: string;
  content: string;
  tags: string;
  citations: string | null;
  is_nsfw: boolean;
  event_timestamp: string | null;
  /** As the database snapshots them; `entries` gives the keys' order (infoBoxEntries reads either). */
  info_boxes: (Omit<InfoBox, "id" | "entries"> & Partial<Pick<InfoBox, "entries">>)[];
};

export type EditSuggestion = {
  id: number;
  post_id: number;
  post_title: string;
  summary: string;
  status: ReviewStatus;
  user_name: string | null;
  created_at: string;
} & { [K in keyof SuggestableFields as `original_${K}`]?: SuggestableFields[K] }
  & { [K in keyof SuggestableFields as `suggested_${K}`]?: SuggestableFields[K] };

export interface UserSuggestion {
  id: string;
  userName: string | null;
  userEmail: string | null;
  timestamp: string;
  suggestion: string;
  status: string;
}

export interface ModerationLogEntry {
  id: number;
  action: string;
  actor_name: string | null;
  post_id: number | null;
  post_title: string | null;
  comment_id: number | null;
  suggestion_id: number | null;
  details: Record<string, unknown>;
  created_at: string;
}

export interface RoleLookup {
  role: string;
  roles: string[];
}
