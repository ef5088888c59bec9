/**
 * People control their own words: an author edits and deletes their comments
 * (PATCH and DELETE /api/comments/{id}), edits and withdraws their post while
 * it waits for review (PUT and DELETE /api/posts/{id}), learns what on a post
 * is theirs (GET /api/posts/{id}/mine) and whether they may take part
 * (GET /api/me); an admin sees which authors of a post are suspended.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, postForm, type SignedInUser, validPostFields } from "../support/api.ts";
import { testEnv } from "../support/env.ts";
import { file, pngImage } from "../support/media-fixtures.ts";

let author: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  [author, other, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
});

/** Whether Storage still serves a post's file (a missing object is a 400 or 404, as on hosted Supabase). */
const isStored = async (url: string) => (await fetch(`${testEnv.supabaseUrl}/storage/v1/object/public/media/${url.replace("/images/", "")}`)).status === 200;

describe("PATCH /api/comments/{id}", () => {
  it("takes the author's new words and shows them as edited, with the time", async () => {
    const postId = await createPost(other);
    const commentId = await createComment(author, postId, { content: "Teh first take" });
    const res = await api("PATCH", `/api/comments/${commentId}`, { token: author.token, json: { content: "  The first take  " } });
    expect(res.status).toBe(200);
    expect(res.body.comment).toMatchObject({ id: commentId, content: "The first take", edited_at: expect.any(String), deleted: false });
    const thread = await api("GET", `/api/posts/${postId}/comments`);
    expect(thread.body.comments[0]).toMatchObject({ id: commentId, content: "The first take", edited_at: res.body.comment.edited_at });
  });

  it("refuses a visitor before reading the body, anyone but the author, and words a new comment could not have", async () => {
    const postId = await createPost(other);
    const commentId = await createComment(author, postId, { content: "Untouched" });
    const path = `/api/comments/${commentId}`;
    expect((await api("PATCH", path, { json: { content: "x" } })).status).toBe(401);
    for (const caller of [other, admin]) {
      const res = await api("PATCH", path, { token: caller.token, json: { content: "Not yours" } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("You can only change your own comments.");
    }
    expect((await api("PATCH", path, { token: author.token, json: { content: "   " } })).body.error).toBe("A comment cannot be empty.");
    expect((await api("PATCH", path, { token: author.token, json: { content: "x".repeat(5001) } })).status).toBe(400);
    expect((await api("PATCH", path, { token: author.token, json: {} })).body.error).toBe("content is required.");
    expect((await api("PATCH", "/api/comments/999999999", { token: author.token, json: { content: "x" } })).status).toBe(404);
    expect((await sql`select content, edited_at from public.comments where id = ${commentId}`)[0]).toEqual({ content: "Untouched", edited_at: null });
  });

  it("takes 5 edits a minute, and starts no comment cooldown", async () => {
    const member = await createMember({ lastName: "own-busy" });
    const postId = await createPost(other);
    const commentId = await createComment(member, postId);
    for (let i = 1; i <= 5; i += 1) {
      expect((await api("PATCH", `/api/comments/${commentId}`, { token: member.token, json: { content: `Take ${i}` } })).status).toBe(200);
    }
    const sixth = await api("PATCH", `/api/comments/${commentId}`, { token: member.token, json: { content: "Take 6" } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toBe("Please wait 1 minute before editing comments again.");
    expect((await api("POST", `/api/posts/${postId}/comments`, { token: member.token, json: { content: "A new one" } })).status).toBe(201);
  });
});

describe("DELETE /api/comments/{id} by its author", () => {
  it("removes a comment without replies", async () => {
    const postId = await createPost(other);
    const commentId = await createComment(author, postId);
    const res = await api("DELETE", `/api/comments/${commentId}`, { token: author.token });
    expect(res.status).toBe(200);
    expect((await api("GET", `/api/posts/${postId}/comments`)).body.comments).toEqual([]);
  });

  it("keeps a comment with replies in its place as deleted, without its words or name", async () => {
    const postId = await createPost(other);
    const top = await createComment(author, postId, { content: "Words I take back" });
    const reply = await createComment(other, postId, { content: "A reply that stays", parentId: top });
    expect((await api("DELETE", `/api/comments/${top}`, { token: other.token })).status).toBe(403);
    expect((await api("DELETE", `/api/comments/${top}`, { token: author.token })).status).toBe(200);
    const thread = await api("GET", `/api/posts/${postId}/comments`);
    expect(thread.body.comments).toEqual([
      expect.objectContaining({ id: top, content: "This comment was deleted by its author.", author_name: null, author_id: null, deleted: true }),
      // A comment's author name leads to their page.
      expect.objectContaining({ id: reply, content: "A reply that stays", parent_id: top, author_id: other.id }),
    ]);
    expect(JSON.stringify(thread.body)).not.toContain("Words I take back");
    expect((await api("PATCH", `/api/comments/${top}`, { token: author.token, json: { content: "Back" } })).status).toBe(409);
    expect((await api("POST", `/api/comments/${top}/vote`, { token: other.token, json: { voteType: "up" } })).status).toBe(404);
  });
});

describe("GET /api/posts/{id}/mine", () => {
  it("names what on the post is the caller's own, for members only", async () => {
    const postId = await createPost(author);
    const own = await createComment(author, postId);
    await createComment(other, postId);
    expect((await api("GET", `/api/posts/${postId}/mine`, { token: author.token })).body).toEqual({ post: true, comments: [own] });
    expect((await api("GET", `/api/posts/${postId}/mine`, { token: other.token })).body).toEqual({ post: false, comments: [expect.any(Number)] });
    expect((await api("GET", `/api/posts/${postId}/mine`)).status).toBe(401);
  });
});

describe("PUT /api/posts/{id} by its author", () => {
  /** The text fields first (the API reads them before any file), then the media to keep, then new files. */
  const edit = (postId: number, token: string, fields: Record<string, string>, keep: string[] = [], media: File[] = []) => {
    const form = postForm(fields);
    for (const url of keep) form.append("existing_media_urls", url);
    for (const item of media) form.append("new_media", item);
    return api("PUT", `/api/posts/${postId}`, { token, form });
  };

  it("edits a pending post with the fields of a new one; its files come and go", async () => {
    const created = await api("POST", "/api/posts", {
      token: author.token,
      form: postForm(validPostFields, [file(pngImage(), "a.png", "image/png"), file(pngImage(9, 9), "b.png", "image/png")]),
    });
    expect(created.status).toBe(201);
    const [keep, drop] = (await api("GET", `/api/posts/${created.body.id}`, { token: author.token })).body.post.media.map((m: { url: string }) => m.url);

    const res = await edit(created.body.id, author.token, {
      title: "Second thoughts",
      excerpt: "A clearer lead",
      content: "Better words.",
      tags: "Tour, tour",
      post_type: "event",
      is_nsfw: "0",
      event_timestamp: "2025-03-01T19:30:00.000Z",
      infoBoxes: JSON.stringify([{ title: "Venue", content: { City: "Lyon" } }]),
    }, [keep], [file(pngImage(10, 10), "c.png", "image/png")]);
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ title: "Second thoughts", tags: "tour", post_type: "event", status: "pending" });
    expect(res.body.post.media).toHaveLength(2);
    expect(res.body.post.media[0].url).toBe(keep);
    expect(await isStored(drop)).toBe(false);
    expect(await isStored(res.body.post.media[1].url)).toBe(true);
    const boxes = await api("GET", `/api/posts/${created.body.id}/info-boxes`, { token: author.token });
    expect(boxes.body).toEqual([expect.objectContaining({ title: "Venue", content: { City: "Lyon" } })]);
  });

  it("refuses what a new post could not be, a published post, someone else's, and visitors", async () => {
    const pending = await createPost(author, { status: "pending", title: "As sent" });
    const published = await createPost(author);
    const fields = { title: "Edited", excerpt: "e", content: "c" };
    const tooLong = await edit(pending, author.token, { ...fields, title: "x".repeat(301) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe("The title can be at most 300 characters.");
    const publishedRes = await edit(published, author.token, fields);
    expect(publishedRes.status).toBe(403);
    expect(publishedRes.body.error).toBe("Your post is published: only admins edit it now. Please suggest an edit instead.");
    expect((await edit(pending, other.token, fields)).status).toBe(404);
    expect((await edit(pending, "", fields)).status).toBe(401);
    expect(await sql`select title from public.posts where id in (${pending}, ${published}) order by id`).toEqual([{ title: "As sent" }, { title: "A test post" }]);
  });

  it("makes an admin who opened the post before the edit review it again, approving or rejecting", async () => {
    const postId = await createPost(author, { status: "pending" });
    const version = async () => {
      const queue = await api("GET", "/api/admin/pending-posts", { token: admin.token });
      return queue.body.posts.find((post: { id: number }) => post.id === postId).version as string;
    };
    const opened = await version();
    expect((await edit(postId, author.token, { title: "Changed meanwhile", excerpt: "e", content: "c" })).status).toBe(200);
    for (const [action, doing] of [["approve", "approving"], ["reject", "rejecting"]]) {
      const stale = await api("POST", `/api/admin/posts/${postId}/${action}`, { token: admin.token, json: { version: opened } });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe(`This post changed since you opened it. Review it again before ${doing}.`);
    }
    expect((await api("POST", `/api/admin/posts/${postId}/approve`, { token: admin.token, json: { version: await version() } })).status).toBe(200);
  });
});

describe("DELETE /api/posts/{id} by its author", () => {
  it("withdraws a pending post, and its files leave Storage", async () => {
    const created = await api("POST", "/api/posts", { token: other.token, form: postForm(validPostFields, [file(pngImage(), "a.png", "image/png")]) });
    const [media] = (await api("GET", `/api/posts/${created.body.id}`, { token: other.token })).body.post.media;
    expect((await api("DELETE", `/api/posts/${created.body.id}`, { token: author.token })).status).toBe(404);
    const res = await api("DELETE", `/api/posts/${created.body.id}`, { token: other.token });
    expect(res.status).toBe(200);
    expect((await api("GET", `/api/posts/${created.body.id}`, { token: other.token })).status).toBe(404);
    expect(await isStored(media.url)).toBe(false);
  });

  it("does not withdraw a published post", async () => {
    const published = await createPost(author);
    expect((await api("DELETE", `/api/posts/${published}`, { token: author.token })).status).toBe(403);
    expect(await sql`select 1 from public.posts where id = ${published}`).toHaveLength(1);
  });
});

describe("GET /api/me", () => {
  it("tells a member whether they may take part: a suspension with until when and why", async () => {
    const member = await createMember({ lastName: "own-standing" });
    expect((await api("GET", "/api/me", { token: member.token })).body).toEqual({ adultConfirmed: true, suspension: null, invitation: null });
    await api("POST", `/api/admin/users/${member.id}/suspend`, { token: admin.token, json: { until: "2036-11-30T12:00:00.000Z", reason: "Spam." } });
    expect((await api("GET", "/api/me", { token: member.token })).body)
      .toEqual({ adultConfirmed: true, suspension: { until: "2036-11-30T12:00:00.000Z", reason: "Spam." }, invitation: null });
    expect((await api("GET", "/api/me")).status).toBe(401);
  });
});

describe("GET /api/admin/posts/{id}/suspended-authors", () => {
  it("names the suspended authors of a post and its comments, for admins only", async () => {
    const [postAuthor, commenter] = await Promise.all([createMember({ lastName: "own-susp-a" }), createMember({ lastName: "own-susp-b" })]);
    const postId = await createPost(postAuthor);
    const commentId = await createComment(commenter, postId);
    await createComment(other, postId);
    await api("POST", `/api/admin/users/${commenter.id}/suspend`, { token: admin.token, json: { until: null, reason: "Threats." } });
    const res = await api("GET", `/api/admin/posts/${postId}/suspended-authors`, { token: admin.token });
    expect(res.body).toEqual({
      authors: [{ kind: "comment", id: commentId, author: { id: commenter.id, name: "Test own-susp-b", suspension: { until: null, reason: "Threats." } } }],
    });
    expect((await api("GET", `/api/admin/posts/${postId}/suspended-authors`, { token: other.token })).status).toBe(403);
  });
});
