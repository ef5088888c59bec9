import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, pgError } from "../support/db.ts";

describe("comments", () => {
  it("attach a reply to a reply to the top-level comment", async () => {
    const admin = await createAdmin();
    const postId = await createPost(admin);
    await asCaller(admin, async (tx) => {
      const [top] = await tx`insert into public.comments (post_id, content) values (${postId}, 'Top') returning id`;
      const [reply] = await tx`insert into public.comments (post_id, parent_id, content) values (${postId}, ${top.id}, 'Reply') returning id, parent_id`;
      expect(reply.parent_id).toBe(top.id);
      const [nested] = await tx`insert into public.comments (post_id, parent_id, content) values (${postId}, ${reply.id}, 'Nested') returning parent_id`;
      expect(nested.parent_id).toBe(top.id);
      // The post's count, beside its card (which the API roles cannot read).
      await tx`reset role`;
      const [post] = await tx`select comment_count from private.post_cards where post_id = ${postId}`;
      expect(post.comment_count).toBe(3);
    });
  });

  it("must reply within the same post, to an existing comment, with some text", async () => {
    const admin = await createAdmin();
    const [postA, postB] = [await createPost(admin), await createPost(admin)];
    const onA = await createComment(admin, postA);
    expect(await pgError(asCaller(admin, (tx) => tx`insert into public.comments (post_id, parent_id, content) values (${postB}, ${onA}, 'x')`)))
      .toEqual({ code: "PT400", message: "A reply must belong to the same post as the comment it answers." });
    expect(await pgError(asCaller(admin, (tx) => tx`insert into public.comments (post_id, parent_id, content) values (${postA}, ${-5}, 'x')`)))
      .toEqual({ code: "PT404", message: "The comment you are replying to no longer exists." });
    expect(await pgError(asCaller(admin, (tx) => tx`insert into public.comments (post_id, content) values (${postA}, '   ')`)))
      .toEqual({ code: "PT400", message: "A comment cannot be empty." });
  });

  it("cannot be written as someone else", async () => {
    const [author, member] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author);
    expect(await pgError(asCaller(member, (tx) =>
      tx`insert into public.comments (post_id, author_id, content) values (${postId}, ${author.id}, 'Impostor')`))).toMatchObject({ code: "42501" });
  });

  it("allow a member one comment per minute; admins are exempt", async () => {
    const [member, admin] = await Promise.all([createMember(), createAdmin()]);
    const postId = await createPost(admin);
    expect(await pgError(asCaller(member, async (tx) => {
      await tx`insert into public.comments (post_id, content) values (${postId}, 'First')`;
      await tx`insert into public.comments (post_id, content) values (${postId}, 'Second')`;
    }))).toEqual({ code: "PT429", message: "Please wait 1 minute before commenting again." });
    await asCaller(admin, async (tx) => {
      for (const text of ["One", "Two", "Three"]) await tx`insert into public.comments (post_id, content) values (${postId}, ${text})`;
    });
  });

  it("deleting a comment deletes its replies and their votes, and keeps the count exact", async () => {
    const [admin, voter] = await Promise.all([createAdmin(), createMember()]);
    const postId = await createPost(admin);
    const top = await createComment(admin, postId, { content: "Top" });
    const reply1 = await createComment(voter, postId, { content: "Reply 1", parentId: top });
    await createComment(voter, postId, { content: "Reply 2", parentId: reply1 });
    const other = await createComment(voter, postId, { content: "Another thread" });
    await sql`insert into public.comment_votes (comment_id, user_id, vote) values (${reply1}, ${voter.id}, 1)`;
    expect((await sql`select comment_count from private.post_cards where post_id = ${postId}`)[0].comment_count).toBe(4);

    await asCaller(admin, (tx) => tx`select private.delete_comment(${top})`, { commit: true });

    const left = await sql`select id from public.comments where post_id = ${postId}`;
    expect(left.map((r) => Number(r.id))).toEqual([other]);
    expect((await sql`select comment_count from private.post_cards where post_id = ${postId}`)[0].comment_count).toBe(1);
    expect(await sql`select 1 from public.comment_votes where comment_id = ${reply1}`).toHaveLength(0);
    const [log] = await sql`select action, actor_id, details from public.moderation_log where comment_id = ${top}`;
    expect(log).toMatchObject({ action: "delete_comment", actor_id: admin.id, details: { replies_deleted: 2 } });

    expect(await pgError(asCaller(admin, (tx) => tx`select private.delete_comment(${top})`)))
      .toEqual({ code: "PT404", message: "Comment not found." });
  });
});
