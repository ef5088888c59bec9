import type { Post } from "@/types/api";

/** A published event post (unknown time: midnight UTC) with an image and a video, for the post-fields tests. */
export const eventPost: Post = {
  id: 7,
  title: "Title",
  excerpt: "Excerpt",
  content: "Body",
  tags: "a,b",
  citations: null,
  post_type: "event",
  status: "approved",
  is_nsfw: false,
  is_pinned: false,
  is_important: false,
  event_timestamp: "2026-03-01T00:00:00.000Z",
  created_at: "2026-03-01T00:00:00Z",
  author_name: "Sam",
  author_id: "a0000000-0000-4000-8000-000000000001",
  upvotes: 0,
  downvotes: 0,
  user_vote: "none",
  comment_count: 0,
  media: [
    { id: 1, url: "/images/one.png", media_type: "image" },
    { id: 2, url: "/images/two.mp4", media_type: "video" },
  ],
  image_url: "one.png",
  media_type: "image",
  thumbnail_url: null,
};
