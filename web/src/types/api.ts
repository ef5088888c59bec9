/**
 * The shapes the `/api` calls answer with (SPEC §3, §7). They are the types
 * inferred from the API's zod schemas (supabase/functions/_shared/api/*.ts),
 * which the API tests validate every answer against: type-only imports, so
 * zod itself stays out of the bundle. What is declared here by hand is not
 * an answer's shape: a request parameter, or the database's enumeration.
 */
import type { Database } from "@shared/database.types.ts";
import type { PostSearchPage } from "@shared/api/posts.ts";

export type { Media, Post, PostStatus, InfoBox, PostDetail, HomePosts, PostPage, PostSearchPage, SearchMatch } from "@shared/api/posts.ts";
export type { TimelinePage, TimelineMonths } from "@shared/api/timeline.ts";
export type { AuthorPage, PublicAuthorAnswer as PublicAuthor } from "@shared/api/authors.ts";
export type { TagCount } from "@shared/api/tags.ts";
export type { Comment, CommentPage } from "@shared/api/comments.ts";
export type { UserVote as VoteType, VoteResult } from "@shared/api/votes.ts";
export type { PendingEditSuggestion as EditSuggestion } from "@shared/api/admin-suggestions.ts";
export type { UserSuggestion } from "@shared/api/admin-suggestions.ts";
export type { ModerationLogEntry } from "@shared/api/moderation.ts";
export type { RoleLookup } from "@shared/api/role.ts";

type Enum<Name extends keyof Database["public"]["Enums"]> = Database["public"]["Enums"][Name];

/** An edit suggestion's state, as the database names them. */
export type ReviewStatus = Enum<"review_status">;
/** The `sort` parameter of the lists of posts; "best" (relevance) only ranks a search with words. */
export type SortOrder = "best" | "newest" | "oldest" | "most_upvotes";
/** A post in All posts' answer: with its `match` (the matched words in <mark>) while the search has words. */
export type SearchPost = PostSearchPage["posts"][number];
/** The `sort` parameter of a post's comments. */
export type CommentSort = "newest" | "top";

/** A key and its value in an info box. */
export type InfoBoxEntry = [key: string, value: string];
