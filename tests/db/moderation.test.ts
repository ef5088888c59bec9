import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, createModerator, pgError } from "../support/callers.ts";

async function addMedia(postId: number, paths: string[]) {
  for (const [i, path] of paths.entries()) {
    await sql`insert into public.post_media (post_id, object_path, media_type, position) values (${postId}, ${path}, 'image', ${i})`;
  }
}

const unique = () => Math.random().toString(36).slice(2, 10);

describe("moderation functions", () => {
  it("require a signed-in moderator to review, an admin to pin or mark important", async () => {
    const [author, member, moderator] = await Promise.all([createMember(), createMember(), createModerator()]);
    const postId = await createPost(author, { status: "pending" });
    for (const [call, message] of [
      [`select private.approve_post(${postId})`, "Moderator access required."],
      [`select private.reject_post(${postId})`, "Moderator access required."],
      [`select private.set_post_pinned(${postId}, true)`, "Admin access required."],
      [`select private.set_post_important(${postId}, true)`, "Admin access required."],
    ]) {
      expect(await pgError(asCaller(member, (tx) => tx.unsafe(call)))).toEqual({ code: "PT403", message });
      expect(await pgError(asCaller(author, (tx) => tx.unsafe(call)))).toEqual({ code: "PT403", message });
      expect((await pgError(asCaller(null, (tx) => tx.unsafe(call)))).code).toMatch(/^(PT401|42501)$/);
    }
    for (const call of [`select private.set_post_pinned(${postId}, true)`, `select private.set_post_important(${postId}, true)`]) {
      expect(await pgError(asCaller(moderator, (tx) => tx.unsafe(call)))).toEqual({ code: "PT403", message: "Admin access required." });
    }
  });

  it("edit and delete a published post for admins only; others may change only their own pending post", async () => {
    const [author, member] = await Promise.all([createMember(), createMember()]);
    const published = await createPost(author);
    const pending = await createPost(author, { status: "pending" });
    for (const call of [`delete_post(${published})`, `update_post(${published}, '{}', null, '[]')`]) {
      expect(await pgError(asCaller(member, (tx) => tx.unsafe(`select private.${call}`))))
        .toEqual({ code: "PT403", message: "You can only change your own posts." });
      expect(await pgError(asCaller(author, (tx) => tx.unsafe(`select private.${call}`))))
        .toEqual({ code: "PT403", message: "Your post is published: only admins edit it now. Please suggest an edit instead." });
      expect((await pgError(asCaller(null, (tx) => tx.unsafe(`select private.${call}`)))).code).toMatch(/^(PT401|42501)$/);
    }
    for (const call of [`delete_post(${pending})`, `update_post(${pending}, '{}', null, '[]')`]) {
      expect(await pgError(asCaller(member, (tx) => tx.unsafe(`select private.${call}`)))).toEqual({ code: "PT404", message: "Post not found." });
    }
  });

  it("answer PT404 for missing posts", async () => {
    const admin = await createAdmin();
    for (const call of ["approve_post(-1)", "reject_post(-1)", "set_post_pinned(-1, true)", "set_post_important(-1, true)", "delete_post(-1)"]) {
      expect(await pgError(asCaller(admin, (tx) => tx.unsafe(`select private.${call}`)))).toEqual({ code: "PT404", message: "Post not found." });
    }
  });

  it("approve a pending post and log it", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const postId = await createPost(author, { status: "pending" });
    await asCaller(admin, (tx) => tx`select private.approve_post(${postId})`, { commit: true });
    const [post] = await sql`select status from public.posts where id = ${postId}`;
    expect(post).toEqual({ status: "approved" });
    const visible = await asCaller(null, (tx) => tx`select id from public.posts where id = ${postId}`);
    expect(visible).toHaveLength(1);
    // Who reviewed is in the moderation log (admins only), not on the post everyone reads.
    const [log] = await sql`select action, actor_id from public.moderation_log where post_id = ${postId}`;
    expect(log).toEqual({ action: "approve_post", actor_id: admin.id });
  });

  it("reject a post and return its media paths for removal from storage", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const postId = await createPost(author, { status: "pending" });
    const paths = [`${unique()}.png`, `${unique()}.webp`];
    await addMedia(postId, paths);
    const [row] = await asCaller(admin, (tx) => tx`select private.reject_post(${postId}) as removed`, { commit: true });
    expect([...row.removed].sort()).toEqual([...paths].sort());
    expect((await sql`select status from public.posts where id = ${postId}`)[0].status).toBe("rejected");
    expect(await sql`select 1 from public.post_media where post_id = ${postId}`).toHaveLength(0);
    expect(await asCaller(null, (tx) => tx`select 1 from public.posts where id = ${postId}`)).toHaveLength(0);
    expect(await asCaller(author, (tx) => tx`select 1 from public.posts where id = ${postId}`)).toHaveLength(1);
  });

  it("delete a post with everything attached and return only media no other post uses", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const postId = await createPost(author);
    const otherPost = await createPost(author);
    const own = `${unique()}.jpg`;
    const shared = `${unique()}.png`;
    await addMedia(postId, [own, shared]);
    await addMedia(otherPost, [shared]);
    await sql`insert into public.comments (post_id, author_id, content) values (${postId}, ${author.id}, 'Bye')`;
    await sql`insert into public.post_votes (post_id, user_id, vote) values (${postId}, ${author.id}, 1)`;
    const [row] = await asCaller(admin, (tx) => tx`select private.delete_post(${postId}) as removed`, { commit: true });
    expect(row.removed).toEqual([own]);
    expect(await sql`select 1 from public.posts where id = ${postId}`).toHaveLength(0);
    expect(await sql`select 1 from public.comments where post_id = ${postId}`).toHaveLength(0);
    const [log] = await sql`select action from public.moderation_log where post_id = ${postId} and action = 'delete_post'`;
    expect(log.action).toBe("delete_post");
  });

  it("pin at most one post: pinning one unpins the other", async () => {
    const admin = await createAdmin();
    const [a, b] = [await createPost(admin), await createPost(admin)];
    await asCaller(admin, async (tx) => {
      await tx`select private.set_post_pinned(${a}, true)`;
      await tx`select private.set_post_pinned(${b}, true)`;
      const pinned = await tx`select id from public.posts where is_pinned`;
      expect(pinned.map((r) => Number(r.id))).toEqual([b]);
      await tx`select private.set_post_pinned(${b}, false)`;
      expect(await tx`select id from public.posts where is_pinned`).toHaveLength(0);
    });
    // The unique index holds even for direct writes.
    expect(await pgError(sql.begin(async (tx) => {
      await tx`update public.posts set is_pinned = false where is_pinned`;
      await tx`update public.posts set is_pinned = true where id in (${a}, ${b})`;
    }))).toMatchObject({ code: "23505" });
  });

  it("mark and unmark important", async () => {
    const admin = await createAdmin();
    const postId = await createPost(admin);
    await asCaller(admin, async (tx) => {
      await tx`select private.set_post_important(${postId}, true)`;
      expect((await tx`select is_important from public.posts where id = ${postId}`)[0].is_important).toBe(true);
      await tx`select private.set_post_important(${postId}, false)`;
      expect((await tx`select is_important from public.posts where id = ${postId}`)[0].is_important).toBe(false);
      expect((await tx`select count(*)::int as n from public.moderation_log where post_id = ${postId}`)[0].n).toBe(2);
    });
  });

  it("update a post: only the given fields, info boxes replaced, media kept, removed and added", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const postId = await createPost(author, { title: "Before", excerpt: "Keep me", tags: ["a"] });
    const [keep, drop, added] = [`${unique()}.png`, `${unique()}.png`, `${unique()}.mp4`];
    await addMedia(postId, [keep, drop]);
    await sql`insert into public.info_boxes (post_id, title, content) values (${postId}, 'Old', '{}')`;
    const [row] = await asCaller(admin, (tx) => tx`
      select private.update_post(
        ${postId},
        ${tx.json({ title: "After", tags: "B, c", post_type: "news", info_boxes: [{ title: "New", content: { k: "v" }, order: 0 }] })},
        ${[keep]}::text[],
        ${tx.json([{ object_path: added, media_type: "video" }])}) as removed`, { commit: true });
    expect(row.removed).toEqual([drop]);
    const [post] = await sql`select title, excerpt, tags, post_type from public.posts where id = ${postId}`;
    expect(post).toEqual({ title: "After", excerpt: "Keep me", tags: ["b", "c"], post_type: "news" });
    const media = await sql`select object_path, media_type from public.post_media where post_id = ${postId} order by position`;
    expect(media).toEqual([{ object_path: keep, media_type: "image" }, { object_path: added, media_type: "video" }]);
    const boxes = await sql`select title, content from public.info_boxes where post_id = ${postId}`;
    expect(boxes).toEqual([{ title: "New", content: { k: "v" } }]);

    expect(await pgError(asCaller(admin, (tx) => tx`select private.update_post(${postId}, '{"title": "  "}', null, '[]')`)))
      .toEqual({ code: "PT400", message: "Title is required." });
  });

  it("keep the moderation log for admins only", async () => {
    const [member, admin] = await Promise.all([createMember(), createAdmin()]);
    await sql`insert into public.moderation_log (actor_id, action) values (${admin.id}, 'test')`;
    expect(await asCaller(member, (tx) => tx`select id from public.moderation_log limit 1`)).toHaveLength(0);
    expect(await asCaller(admin, (tx) => tx`select id from public.moderation_log limit 1`)).toHaveLength(1);
    expect((await pgError(asCaller(admin, (tx) => tx`insert into public.moderation_log (action) values ('forged')`))).code).toBe("42501");
  });
});

describe("roles", () => {
  it("cannot be granted through the API roles; users see only their own", async () => {
    const [member, admin] = await Promise.all([createMember(), createAdmin()]);
    expect((await pgError(asCaller(member, (tx) => tx`insert into public.user_roles (user_id, role) values (${member.id}, 'admin')`))).code).toBe("42501");
    expect((await pgError(asCaller(admin, (tx) => tx`update public.user_roles set role = 'moderator' where user_id = ${admin.id} returning role`))).code).toBe("42501");
    expect(await asCaller(member, (tx) => tx`select role from public.user_roles where user_id = ${admin.id}`)).toHaveLength(0);
    expect(await asCaller(admin, (tx) => tx`select role::text from public.user_roles where user_id = ${admin.id}`)).toEqual([{ role: "admin" }]);
    expect((await pgError(asCaller(null, (tx) => tx`select role from public.user_roles`))).code).toBe("42501");
  });
});
