import type { RevisionFields } from "@shared/api/revisions.ts";
import type { Post } from "@/types/api";

/** A published discussion post by Ada, with no votes, comments or media; `fields` change what a test needs. */
export function aPost(fields: Partial<Post> = {}): Post {
  return {
    id: 1,
    title: "A title",
    excerpt: "An excerpt",
    content: null,
    tags: "",
    citations: null,
    post_type: "discussion",
    status: "approved",
    is_nsfw: false,
    is_pinned: false,
    is_important: false,
    event_timestamp: null,
    created_at: "2025-06-24T10:00:00Z",
    author_name: "Ada",
    author_id: "a0000000-0000-4000-8000-000000000001",
    upvotes: 0,
    downvotes: 0,
    user_vote: "none",
    comment_count: 0,
    media: [],
    image_url: null,
    media_type: null,
    thumbnail_url: null,
    ...fields,
  };
}

/** A published event post (unknown time: midnight UTC) with an image and a video, for the post-fields tests. */
export const eventPost: Post = aPost({
  id: 7,
  title: "Title",
  excerpt: "Excerpt",
  content: "Body",
  tags: "a,b",
  post_type: "event",
  event_timestamp: "2026-03-01T00:00:00.000Z",
  created_at: "2026-03-01T00:00:00Z",
  author_name: "Sam",
  media: [
    { id: 1, url: "/images/one.png", media_type: "image", width: 1200, height: 800 },
    { id: 2, url: "/images/two.mp4", media_type: "video", width: null, height: null },
  ],
  image_url: "one.png",
  media_type: "image",
});

/** A post's editable fields as a revision keeps them (the database's snapshot); `fields` change what a test needs. */
export function aSnapshot(fields: Partial<RevisionFields> = {}): RevisionFields {
  return {
    title: "The first album",
    excerpt: "Short",
    content: "Recorded in a barn.",
    tags: ["music"],
    citations: null,
    post_type: "discussion",
    is_nsfw: false,
    event_timestamp: null,
    info_boxes: [],
    ...fields,
  };
}
