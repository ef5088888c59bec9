import { z } from "@/lib/zod";
import { api } from "@/lib/api-client";
import type { Comment } from "@/types/api";

/** SPEC §5: non-empty after trimming. parentId makes it a reply (one level deep). */
export const createCommentSchema = z.object({
  content: z.string().trim().min(1, "Write a comment first"),
  parentId: z.number().int().positive().nullable().default(null),
});
export type CreateCommentInput = z.input<typeof createCommentSchema>;

/** POST /api/posts/{id}/comments → 201 { comment }. */
export async function createComment(postId: number | string, input: CreateCommentInput): Promise<Comment> {
  const body = createCommentSchema.parse(input);
  const { comment } = await api.post<{ comment: Comment }>(`/api/posts/${postId}/comments`, body);
  return comment;
}
