/**
 * An author's own post while it waits for review: edited with the rules of a
 * new post and withdrawn, through the functions behind PUT and DELETE
 * /api/posts/{id} (private.update_post and private.delete_post send every
 * caller but an admin to the author's side).
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, pgError } from "../support/callers.ts";

const unique = () => Math.random().toString(36).slice(2, 10);

async function addMedia(postId: number, paths: string[]) {
  for (const [i, path] of paths.entries()) {
    await sql`insert into public.post_media (post_id, object_path, media_type, position) values (${postId}, ${path}, 'image', ${i})`;
  }
}

const versionOf = async (postId: number) =>
  (await sql<{ version: string }[]>`select updated_at::text as version from public.posts where id = ${postId}`)[0].version;

describe("an author's pending post", () => {
  it("takes the author's edit of every field with the limits of a new post, and moves the version the review checks", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const postId = await createPost(author, { status: "pending", title: "Frist draft" });
    await sql`insert into public.info_boxes (post_id, title, content) values (${postId}, 'Old box', '{"k": "v"}')`;
    const opened = await versionOf(postId);

    const fields = {
      title: "  First draft  ",
      excerpt: "Better lead",
      content: "Better content",
      tags: "Live, live, Tour",
      post_type: "event",
      is_nsfw: true,
      event_timestamp: "2024-05-01T20:00:00.000Z",
      info_boxes: [{ title: "Venue", content: { City: "Lyon" } }],
    };
    await asCaller(author, (tx) => tx`select private.update_post(${postId}, ${tx.json(fields)}, null, '[]')`, { commit: true });

    const [post] = await sql`select title, tags, post_type, is_nsfw, status::text, event_timestamp from public.posts where id = ${postId}`;
    expect(post).toMatchObject({ title: "First draft", tags: ["live", "tour"], post_type: "event", is_nsfw: true, status: "pending" });
    expect((post.event_timestamp as Date).toISOString()).toBe("2024-05-01T20:00:00.000Z");
    expect(await sql`select title, content from public.info_boxes where post_id = ${postId}`).toEqual([{ title: "Venue", content: { City: "Lyon" } }]);

    // The admin who opened it before the edit is told so, whether approving or rejecting.
    expect(await versionOf(postId)).not.toBe(opened);
    for (const call of [`approve_post(${postId}, '${opened}')`, `reject_post(${postId}, null, '${opened}')`]) {
      const action = call.startsWith("approve") ? "approving" : "rejecting";
      expect(await pgError(asCaller(admin, (tx) => tx.unsafe(`select private.${call}`))))
        .toEqual({ code: "PT409", message: `This post changed since you opened it. Review it again before ${action}.` });
    }
    const current = await versionOf(postId);
    await asCaller(admin, (tx) => tx`select private.approve_post(${postId}, ${current}::text::timestamptz)`);
  });

  it("refuses an edit that breaks a rule of new posts, and changes nothing", async () => {
    const author = await createMember();
    const postId = await createPost(author, { status: "pending", title: "Unchanged" });
    const before = await versionOf(postId);
    const edit = (fields: unknown) => pgError(asCaller(author, (tx) => tx`select private.update_post(${postId}, ${tx.json(fields as never)}, null, '[]')`));
    expect(await edit({ title: "x".repeat(301) })).toEqual({ code: "PT400", message: "The title can be at most 300 characters." });
    expect(await edit({ content: "   " })).toEqual({ code: "PT400", message: "Content is required." });
    expect(await edit({ post_type: "event", event_timestamp: null })).toEqual({ code: "PT400", message: "An event needs an event date." });
    expect(await edit({ info_boxes: Array.from({ length: 21 }, (_, i) => ({ title: `Box ${i}` })) }))
      .toEqual({ code: "PT400", message: "A post can have at most 20 info boxes." });
    expect(await edit({ status: "approved" })).toEqual({ code: "PT400", message: 'The field "status" cannot be changed here.' });
    expect(await sql`select title, status::text from public.posts where id = ${postId}`).toEqual([{ title: "Unchanged", status: "pending" }]);
    expect(await versionOf(postId)).toBe(before);
  });

  it("keeps, removes and adds media within the limit of 10, answering what Storage should delete", async () => {
    const author = await createMember();
    const postId = await createPost(author, { status: "pending" });
    const [keep, drop] = [`own-${unique()}.png`, `own-${unique()}.png`];
    await addMedia(postId, [keep, drop]);
    const added = [{ object_path: `own-${unique()}.webp`, media_type: "image" }];
    const [row] = await asCaller(author, (tx) =>
      tx`select private.update_post(${postId}, '{}', ${[keep]}::text[], ${tx.json(added)}) as removed`, { commit: true });
    expect(row.removed).toEqual([drop]);
    expect((await sql`select object_path from public.post_media where post_id = ${postId} order by position`).map((m) => m.object_path))
      .toEqual([keep, added[0].object_path]);

    const tooMany = Array.from({ length: 9 }, () => ({ object_path: `own-${unique()}.png`, media_type: "image" }));
    expect(await pgError(asCaller(author, (tx) => tx`select private.update_post(${postId}, '{}', null, ${tx.json(tooMany)})`)))
      .toEqual({ code: "PT400", message: "A post can have at most 10 media files." });
  });

  it("starts no posting cooldown, and takes 20 edits an hour", async () => {
    const author = await createMember();
    const postId = await createPost(author, { status: "pending", createdAt: new Date().toISOString() });
    expect(await pgError(asCaller(author, async (tx) => {
      for (let i = 1; i <= 21; i += 1) await tx`select private.update_post(${postId}, ${tx.json({ title: `Take ${i}` })}, null, '[]')`;
    }))).toEqual({ code: "PT429", message: "You can edit your posts at most 20 times an hour. Please try again later." });
  });

  it("is withdrawn by its author: deleted with its info boxes and media, whose files Storage should delete", async () => {
    const author = await createMember();
    const postId = await createPost(author, { status: "pending" });
    const path = `own-${unique()}.png`;
    await addMedia(postId, [path]);
    await sql`insert into public.info_boxes (post_id, title) values (${postId}, 'Box')`;
    const [row] = await asCaller(author, (tx) => tx`select private.delete_post(${postId}) as removed`, { commit: true });
    expect(row.removed).toEqual([path]);
    expect(await sql`select 1 from public.posts where id = ${postId}`).toHaveLength(0);
    expect(await sql`select 1 from public.info_boxes where post_id = ${postId}`).toHaveLength(0);
    // Withdrawing is the author's own business, not moderation.
    expect(await sql`select 1 from public.moderation_log where post_id = ${postId}`).toHaveLength(0);
  });

  it("cannot be changed by anyone else, once reviewed, while suspended or without the 18+ confirmation", async () => {
    const [author, member, unconfirmed] = await Promise.all([createMember(), createMember(), createMember({ adultConfirmed: false })]);
    const pending = await createPost(author, { status: "pending" });
    const rejected = await createPost(author, { status: "rejected" });
    const unconfirmedPost = await createPost(unconfirmed, { status: "pending" });
    const both = (postId: number) => [`update_post(${postId}, '{"title": "Mine now"}', null, '[]')`, `delete_post(${postId})`];

    for (const call of both(pending)) {
      expect(await pgError(asCaller(member, (tx) => tx.unsafe(`select private.${call}`)))).toEqual({ code: "PT404", message: "Post not found." });
    }
    for (const call of both(rejected)) {
      expect(await pgError(asCaller(author, (tx) => tx.unsafe(`select private.${call}`))))
        .toEqual({ code: "PT409", message: "This post has already been reviewed." });
    }
    for (const call of both(unconfirmedPost)) {
      expect(await pgError(asCaller(unconfirmed, (tx) => tx.unsafe(`select private.${call}`))))
        .toEqual({ code: "PT403", message: "Please confirm that you are 18 or older to take part." });
    }
    await sql`update public.profiles set suspended_until = now() + interval '2 days', suspension_reason = 'Spam.' where id = ${author.id}`;
    for (const call of both(pending)) {
      expect(await pgError(asCaller(author, (tx) => tx.unsafe(`select private.${call}`))))
        .toMatchObject({ code: "PT403", message: expect.stringMatching(/^Your account is suspended until .+: Spam\.$/) });
    }
    // Directly, as PostgREST would: no API role may update or delete a post.
    expect((await pgError(asCaller(author, (tx) => tx`update public.posts set title = 'Direct' where id = ${pending}`))).code).toBe("42501");
    expect((await pgError(asCaller(author, (tx) => tx`delete from public.posts where id = ${pending}`))).code).toBe("42501");
    expect(await sql`select title from public.posts where id = ${pending}`).toEqual([{ title: "A test post" }]);
  });
});
