import { describe, expect, it } from "vitest";
import type { Comment } from "@/types/api";
import { buildThreads } from "./thread";

const c = (id: number, parent_id: number | null, created_at: string): Comment => ({
  id,
  post_id: 1,
  parent_id,
  content: `c${id}`,
  author_name: "A",
  author_id: null,
  created_at,
  edited_at: null,
  deleted: false,
  upvotes: 0,
  downvotes: 0,
  user_vote: "none",
});

describe("buildThreads", () => {
  it("keeps the server order of top-level comments and nests replies one level, oldest first", () => {
    const threads = buildThreads([
      c(3, null, "2024-01-03"),
      c(5, 1, "2024-01-05"),
      c(1, null, "2024-01-01"),
      c(4, 1, "2024-01-04"),
      c(6, 4, "2024-01-06"),
    ]);
    expect(threads.map((t) => t.comment.id)).toEqual([3, 1]);
    expect(threads[1].replies.map((r) => r.id)).toEqual([4, 5, 6]);
    expect(threads[0].replies).toEqual([]);
  });

  it("shows a reply whose parent is missing at the top level", () => {
    expect(buildThreads([c(2, 99, "2024-01-02")]).map((t) => t.comment.id)).toEqual([2]);
  });
});
