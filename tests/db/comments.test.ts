import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, pgError } from "../support/callers.ts";

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

describe("a comment's author", () => {
  const cardOf = async (commentId: number) =>
    (await sql`select ('{' || members || '}')::jsonb as card from private.comment_cards where comment_id = ${commentId}`)[0].card;

  it("edits their own comment: new words, the time of the edit, the limits of a new comment, no new cooldown", async () => {
    const author = await createMember();
    const postId = await createPost(author);
    const commentId = await createComment(author, postId, { content: "Frist!" });
    await asCaller(author, async (tx) => {
      await tx`select private.edit_comment(${commentId}, ${"  First!  "})`;
      // Editing started no cooldown: a new comment is still welcome.
      await tx`insert into public.comments (post_id, content) values (${postId}, 'And another')`;
    }, { commit: true });
    const [row] = await sql`select content, edited_at, created_at < now() - interval '1 hour' as old from public.comments where id = ${commentId}`;
    expect(row).toMatchObject({ content: "First!", old: true });
    expect(row.edited_at).toBeInstanceOf(Date);
    expect(await cardOf(commentId)).toMatchObject({ content: "First!", edited_at: expect.any(String), deleted: false });

    expect(await pgError(asCaller(author, (tx) => tx`select private.edit_comment(${commentId}, ${"   "})`)))
      .toEqual({ code: "PT400", message: "A comment cannot be empty." });
    expect(await pgError(asCaller(author, (tx) => tx`select private.edit_comment(${commentId}, ${"x".repeat(5001)})`)))
      .toEqual({ code: "PT400", message: "A comment can be at most 5000 characters." });
    expect((await sql`select content from public.comments where id = ${commentId}`)[0].content).toBe("First!");
  });

  it("may not edit or delete anyone else's comment, admins included; visitors are asked to sign in", async () => {
    const [author, member, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
    const postId = await createPost(author);
    const commentId = await createComment(author, postId, { content: "Mine" });
    for (const caller of [member, admin]) {
      expect(await pgError(asCaller(caller, (tx) => tx`select private.edit_comment(${commentId}, 'Yours now')`)))
        .toEqual({ code: "PT403", message: "You can only change your own comments." });
    }
    expect(await pgError(asCaller(member, (tx) => tx`select private.delete_comment(${commentId})`)))
      .toEqual({ code: "PT403", message: "You can only change your own comments." });
    expect((await pgError(asCaller(null, (tx) => tx`select private.edit_comment(${commentId}, 'x')`))).code).toMatch(/^(PT401|42501)$/);
    expect(await pgError(asCaller(member, (tx) => tx`select private.edit_comment(${-1}, 'x')`))).toEqual({ code: "PT404", message: "Comment not found." });
    // Directly, as PostgREST would: no update and no delete, for anyone (a moderator's goes through delete_comment, which logs it).
    expect((await pgError(asCaller(author, (tx) => tx`update public.comments set content = 'Sneaky' where id = ${commentId}`))).code).toBe("42501");
    for (const caller of [author, member, admin]) {
      expect((await pgError(asCaller(caller, (tx) => tx`delete from public.comments where id = ${commentId}`))).code).toBe("42501");
    }
    expect((await sql`select content from public.comments where id = ${commentId}`)[0].content).toBe("Mine");
  });

  it("cannot change their words while suspended or without the 18+ confirmation", async () => {
    const [suspended, unconfirmed] = await Promise.all([createMember(), createMember({ adultConfirmed: false })]);
    const postId = await createPost(suspended);
    const [a, b] = [await createComment(suspended, postId), await createComment(unconfirmed, postId)];
    await sql`update public.profiles set suspended_until = 'infinity', suspension_reason = 'Spam' where id = ${suspended.id}`;
    for (const call of [`edit_comment(${a}, 'New words')`, `delete_comment(${a})`]) {
      expect(await pgError(asCaller(suspended, (tx) => tx.unsafe(`select private.${call}`))))
        .toEqual({ code: "PT403", message: "Your account is suspended: Spam." });
    }
    expect(await pgError(asCaller(unconfirmed, (tx) => tx`select private.edit_comment(${b}, 'New words')`)))
      .toEqual({ code: "PT403", message: "Please confirm that you are 18 or older to take part." });
  });

  it("may edit 5 comments a minute", async () => {
    const author = await createMember();
    const postId = await createPost(author);
    const commentId = await createComment(author, postId);
    expect(await pgError(asCaller(author, async (tx) => {
      for (let i = 1; i <= 6; i += 1) await tx`select private.edit_comment(${commentId}, ${`Version ${i}`})`;
    }))).toEqual({ code: "PT429", message: "Please wait 1 minute before editing comments again." });
    // Words that did not change are not an edit, and count for nothing.
    await asCaller(author, async (tx) => {
      for (let i = 1; i <= 6; i += 1) await tx`select private.edit_comment(${commentId}, 'A comment.')`;
    });
  });

  it("deletes a comment without replies: it goes", async () => {
    const author = await createMember();
    const postId = await createPost(author);
    const commentId = await createComment(author, postId);
    await asCaller(author, (tx) => tx`select private.delete_comment(${commentId})`, { commit: true });
    expect(await sql`select 1 from public.comments where id = ${commentId}`).toHaveLength(0);
    expect((await sql`select comment_count from private.post_cards where post_id = ${postId}`)[0].comment_count).toBe(0);
    // An author's deletion is theirs, not moderation.
    expect(await sql`select 1 from public.moderation_log where comment_id = ${commentId}`).toHaveLength(0);
  });

  it("deletes a comment with replies: its words go, its place stays for the replies, its open reports close; it goes with its last reply", async () => {
    const [author, replier, reporter] = await Promise.all([createMember(), createMember(), createMember()]);
    const postId = await createPost(author);
    const top = await createComment(author, postId, { content: "Something I regret" });
    const reply = await createComment(replier, postId, { content: "A reply", parentId: top });
    await sql`insert into public.comment_votes (comment_id, user_id, vote) values (${top}, ${replier.id}, 1)`;
    const [report] = await sql`insert into public.reports (reporter_id, post_id, comment_id, reason) values (${reporter.id}, ${postId}, ${top}, 'spam') returning id`;

    await asCaller(author, (tx) => tx`select private.delete_comment(${top})`, { commit: true });
    const [kept] = await sql`select content, deleted_at, author_id from public.comments where id = ${top}`;
    // Whose it was is for admins only: not on the row anyone reading the thread reads.
    expect(kept).toMatchObject({ content: "", author_id: null });
    expect(kept.deleted_at).toBeInstanceOf(Date);
    expect(await sql`select author_id from private.deleted_comment_authors where comment_id = ${top}`).toEqual([{ author_id: author.id }]);
    for (const reader of [null, replier]) {
      const seen = await asCaller(reader, (tx) => tx`select author_id from public.comments where id = ${top}`);
      expect(seen).toEqual([{ author_id: null }]);
    }
    expect(await cardOf(top)).toMatchObject({ content: "This comment was deleted by its author.", author_name: null, deleted: true });
    expect((await sql`select status::text from public.reports where id = ${report.id}`)[0].status).toBe("resolved");
    expect((await sql`select comment_count from private.post_cards where post_id = ${postId}`)[0].comment_count).toBe(2);

    // Nothing more happens to it: no edit, no second delete, no vote, no reply, no report.
    expect(await pgError(asCaller(author, (tx) => tx`select private.edit_comment(${top}, 'Back')`)))
      .toEqual({ code: "PT409", message: "This comment was deleted." });
    expect(await pgError(asCaller(replier, (tx) => tx`select private.cast_comment_vote(${top}, 'down')`)))
      .toEqual({ code: "PT404", message: "Comment not found." });
    expect(await pgError(asCaller(replier, (tx) => tx`insert into public.comments (post_id, parent_id, content) values (${postId}, ${top}, 'Hm')`)))
      .toEqual({ code: "PT409", message: "The comment you are replying to was deleted by its author." });
    expect((await pgError(asCaller(replier, (tx) => tx`insert into public.reports (post_id, comment_id, reason) values (${postId}, ${top}, 'spam')`))).code)
      .toBe("42501");

    await asCaller(replier, (tx) => tx`select private.delete_comment(${reply})`, { commit: true });
    expect(await sql`select id from public.comments where post_id = ${postId}`).toHaveLength(0);
    expect((await sql`select comment_count from private.post_cards where post_id = ${postId}`)[0].comment_count).toBe(0);
  });
});
