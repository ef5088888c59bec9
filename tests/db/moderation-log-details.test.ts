import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember } from "../support/callers.ts";

describe("the moderation log of a deleted comment", () => {
  it("keeps whose it was and its first 80 characters, since the comment itself is gone", async () => {
    const [admin, writer] = await Promise.all([createAdmin(), createMember({ firstName: "Rosa", lastName: "Quill" })]);
    const postId = await createPost(admin);
    const words = "A long comment that goes on about the setlist of the second night, song by song, until the encore.";
    const commentId = await createComment(writer, postId, { content: words });

    await asCaller(admin, (tx) => tx`select private.delete_comment(${commentId})`, { commit: true });

    const [log] = await sql`select details from public.moderation_log where action = 'delete_comment' and comment_id = ${commentId}`;
    expect(log.details).toEqual({ author_id: writer.id, author_name: "Rosa Quill", comment_start: words.slice(0, 80), replies_deleted: 0 });
  });
});
