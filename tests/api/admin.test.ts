import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, postForm, type SignedInUser, validPostFields } from "../support/api.ts";
import { testEnv } from "../support/env.ts";
import { file, gifImage, pngImage } from "../support/media-fixtures.ts";

let admin: SignedInUser;
let member: SignedInUser;
beforeAll(async () => {
  [admin, member] = await Promise.all([createAdmin(), createMember({ lastName: "admin-tests" })]);
});

/** A member submits a post with one image through the API, as the SPA would. */
async function submitWithImage(): Promise<{ id: number; image: string }> {
  const author = await createMember({ lastName: "submitter" });
  const res = await api("POST", "/api/posts", {
    token: author.token,
    form: postForm({ ...validPostFields, title: "Awaiting review" }, [file(pngImage(), "p.png", "image/png")]),
  });
  expect(res.status).toBe(201);
  const detail = await api("GET", `/api/posts/${res.body.id}`, { token: admin.token });
  return { id: res.body.id, image: detail.body.post.media[0].url };
}

/**
 * What /images answers for a media URL: 200, or "gone" when Storage has no such
 * object (Storage answers HTTP 400 with statusCode "404" in the body, and the
 * site passes that through).
 */
const imageStatus = async (url: string) => {
  const response = await fetch(`${testEnv.siteUrl}${url}`);
  if (response.status === 200) return 200;
  const body = (await response.json()) as { statusCode?: string };
  return response.status === 400 && body.statusCode === "404" ? "gone" : response.status;
};

describe("review queue", () => {
  it("is for admins only", async () => {
    expect((await api("GET", "/api/admin/pending-posts")).status).toBe(401);
    expect((await api("GET", "/api/admin/pending-posts", { token: member.token })).status).toBe(403);
    expect((await api("GET", "/api/admin/suggestions/pending", { token: member.token })).status).toBe(403);
  });

  it("pages through the queue oldest first when asked for a limit, counting every pending post", async () => {
    const mine: number[] = [];
    for (const title of ["Paged 1", "Paged 2", "Paged 3"]) mine.push(await createPost(member, { status: "pending", title }));
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/admin/pending-posts?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await api<{ posts: { id: number }[]; nextCursor: string | null; total: number }>("GET", query, { token: admin.token });
      expect(page.status).toBe(200);
      expect(page.body.posts.length).toBeLessThanOrEqual(2);
      expect(page.body.total).toBeGreaterThanOrEqual(3);
      seen.push(...page.body.posts.map((post) => post.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => mine.includes(id))).toEqual(mine);
    // Without a limit, the SPEC's call: every pending post at once.
    const whole = await api<{ posts: { id: number }[]; nextCursor: string | null }>("GET", "/api/admin/pending-posts", { token: admin.token });
    expect(whole.body.nextCursor).toBeNull();
    expect(whole.body.posts.filter((post) => mine.includes(post.id)).map((post) => post.id)).toEqual(mine);
    for (const bad of ["limit=0", "limit=101", "limit=two"]) {
      const refused = await api("GET", `/api/admin/pending-posts?${bad}`, { token: admin.token });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("limit must be a whole number from 1 to 100.");
    }
    expect((await api("GET", "/api/admin/pending-posts?limit=2&cursor=nonsense", { token: admin.token })).status).toBe(400);
  });

  it("approving publishes the post and removes it from the queue", async () => {
    const { id } = await submitWithImage();
    expect((await api("POST", `/api/admin/posts/${id}/approve`, { token: member.token })).status).toBe(403);
    const res = await api("POST", `/api/admin/posts/${id}/approve`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Post approved successfully!");
    expect((await api("GET", `/api/posts/${id}`)).body.post.status).toBe("approved");
    const queue = await api("GET", "/api/admin/pending-posts", { token: admin.token });
    expect(queue.body.posts.map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it("rejecting hides the post and deletes its media from storage", async () => {
    const { id, image } = await submitWithImage();
    expect(await imageStatus(image)).toBe(200);
    const res = await api("POST", `/api/admin/posts/${id}/reject`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Post rejected successfully!");
    expect((await api("GET", `/api/posts/${id}`)).status).toBe(404);
    expect(await imageStatus(image)).toBe("gone");
    const queue = await api("GET", "/api/admin/pending-posts", { token: admin.token });
    expect(queue.body.posts.map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it("approves or rejects only a pending post, once (409 after that, one log row)", async () => {
    const approved = await createPost(member, { status: "pending" });
    const rejected = await createPost(member, { status: "pending" });
    expect((await api("POST", `/api/admin/posts/${approved}/approve`, { token: admin.token })).status).toBe(200);
    expect((await api("POST", `/api/admin/posts/${rejected}/reject`, { token: admin.token })).status).toBe(200);
    for (const [id, action] of [[approved, "approve"], [approved, "reject"], [rejected, "approve"], [rejected, "reject"]] as const) {
      const again = await api("POST", `/api/admin/posts/${id}/${action}`, { token: admin.token });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: "This post has already been reviewed.", detail: "This post has already been reviewed." });
    }
    const statuses = await sql<{ id: number; status: string }[]>`
      select id::int, status::text from public.posts where id in (${approved}, ${rejected}) order by id`;
    expect(statuses).toEqual([{ id: approved, status: "approved" }, { id: rejected, status: "rejected" }]);
    const logs = await sql<{ post_id: number; action: string }[]>`
      select post_id::int, action from public.moderation_log where post_id in (${approved}, ${rejected}) order by post_id`;
    expect(logs).toEqual([{ post_id: approved, action: "approve_post" }, { post_id: rejected, action: "reject_post" }]);
  });

  it("approves exactly the version the panel showed: a post changed since answers 409", async () => {
    const id = await createPost(member, { status: "pending", title: "Versioned" });
    const listed = async () =>
      (await api("GET", "/api/admin/pending-posts", { token: admin.token })).body.posts.find((p: { id: number }) => p.id === id);
    const shown = await listed();
    expect(shown.version).toEqual(expect.any(String));
    // Another admin adds an info box after this one opened the panel.
    await sql`insert into public.info_boxes (post_id, title, content, position) values (${id}, 'Added later', '{}', 0)`;
    const stale = await api("POST", `/api/admin/posts/${id}/approve`, { token: admin.token, json: { version: shown.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe("This post changed since you opened it. Review it again before approving.");
    expect((await api("GET", `/api/posts/${id}`)).status).toBe(404);
    const bad = await api("POST", `/api/admin/posts/${id}/approve`, { token: admin.token, json: { version: "yesterday" } });
    expect(bad.status).toBe(400);
    const current = await listed();
    expect(current.version).not.toBe(shown.version);
    const ok = await api("POST", `/api/admin/posts/${id}/approve`, { token: admin.token, json: { version: current.version } });
    expect(ok.status).toBe(200);
    expect((await api("GET", `/api/posts/${id}`)).body.infoBoxes).toHaveLength(1);
  });

  it("answers 404 for a post that does not exist", async () => {
    expect((await api("POST", "/api/admin/posts/999999999/approve", { token: admin.token })).status).toBe(404);
  });
});

describe("read your writes", () => {
  it("the next read after a delete no longer shows the comment, cached or not", async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await createPost(member, { title: `Read-your-writes ${round}` });
      const commentId = await createComment(member, id, { content: "Soon gone" });
      // Cached for visitors, and the admin's read is built from that cache.
      expect((await api("GET", `/api/posts/${id}/comments`)).body.comments).toHaveLength(1);
      expect((await api("GET", `/api/posts/${id}/comments`, { token: admin.token })).body.comments).toHaveLength(1);
      expect((await api("DELETE", `/api/comments/${commentId}`, { token: admin.token })).status).toBe(200);
      expect((await api("GET", `/api/posts/${id}/comments`, { token: admin.token })).body.comments).toEqual([]);
    }
  });
});

describe("post controls", () => {
  it("pinning one post unpins any other; the home page shows it", async () => {
    const [a, b] = [await createPost(member, { title: "Pin A" }), await createPost(member, { title: "Pin B" })];
    expect((await api("POST", `/api/posts/${a}/pin`, { token: member.token })).status).toBe(403);
    expect((await api("POST", `/api/posts/${a}/pin`)).status).toBe(401);
    const pinA = await api("POST", `/api/posts/${a}/pin`, { token: admin.token });
    expect(pinA.status).toBe(200);
    expect(pinA.body.message).toBe("Post successfully updated.");
    await api("POST", `/api/posts/${b}/pin`, { token: admin.token });
    const home = await api("GET", "/api/posts");
    expect(home.body.pinnedPost.id).toBe(b);
    expect((await api("GET", `/api/posts/${a}`)).body.post.is_pinned).toBe(false);
    await api("POST", `/api/posts/${b}/unpin`, { token: admin.token });
    expect((await api("GET", `/api/posts/${b}`)).body.post.is_pinned).toBe(false);
  });

  it("marks and unmarks a post important", async () => {
    const id = await createPost(member, { title: "Important?" });
    await api("POST", `/api/posts/${id}/mark_important`, { token: admin.token });
    expect((await api("GET", "/api/posts")).body.importantPosts.map((p: { id: number }) => p.id)).toContain(id);
    await api("POST", `/api/posts/${id}/unmark_important`, { token: admin.token });
    expect((await api("GET", "/api/posts")).body.importantPosts.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await api("POST", `/api/posts/${id}/mark_important`, { token: member.token })).status).toBe(403);
  });

  it("edits a post: fields sent change, media kept, dropped and added as told", async () => {
    const author = await createMember({ lastName: "edited" });
    const created = await api("POST", "/api/posts", {
      token: author.token,
      form: postForm(validPostFields, [file(pngImage(), "a.png", "image/png"), file(gifImage, "b.gif", "image/gif")]),
    });
    const id = created.body.id;
    await api("POST", `/api/admin/posts/${id}/approve`, { token: admin.token });
    const before = (await api("GET", `/api/posts/${id}`)).body.post;
    const [keep, drop] = before.media.map((m: { url: string }) => m.url);

    const form = postForm({ title: "Edited title", excerpt: before.excerpt, content: before.content, tags: "edited" });
    form.append("existing_media_urls", keep);
    form.append("new_media", file(pngImage(4, 4), "new.png", "image/png"));
    expect((await api("PUT", `/api/posts/${id}`, { token: author.token, form })).status).toBe(403);

    const form2 = postForm({ title: "Edited title", excerpt: before.excerpt, content: before.content, tags: "edited", note: "Retitled" });
    form2.append("existing_media_urls", keep);
    form2.append("new_media", file(pngImage(4, 4), "new.png", "image/png"));
    const res = await api("PUT", `/api/posts/${id}`, { token: admin.token, form: form2 });
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ id, title: "Edited title", tags: "edited" });
    const urls = res.body.post.media.map((m: { url: string }) => m.url);
    expect(urls).toHaveLength(2);
    expect(urls).toContain(keep);
    expect(urls).not.toContain(drop);
    expect(await imageStatus(drop)).toBe("gone");
    expect(await imageStatus(urls.find((u: string) => u !== keep))).toBe(200);
    // One edit, with its new file: one entry in the post's history, with the note, and one in the log.
    const revisions = await sql`select reason from public.post_revisions where post_id = ${id} and kind = 'admin_edit'`;
    expect(revisions).toEqual([{ reason: "Retitled" }]);
    const logged = await sql`select details from public.moderation_log where post_id = ${id} and action = 'update_post'`;
    expect(logged.map((row) => row.details)).toEqual([expect.objectContaining({ removed_media: [drop.split("/").pop()], added_media: 1 })]);
  });

  it("deletes a post and its media; members may not", async () => {
    const { id, image } = await submitWithImage();
    await api("POST", `/api/admin/posts/${id}/approve`, { token: admin.token });
    const denied = await api("DELETE", `/api/posts/${id}`, { token: member.token });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBeTruthy();
    const res = await api("DELETE", `/api/posts/${id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect((await api("GET", `/api/posts/${id}`)).status).toBe(404);
    expect(await imageStatus(image)).toBe("gone");
    expect((await api("DELETE", `/api/posts/${id}`, { token: admin.token })).status).toBe(404);
  });

  it("records every admin action in the moderation log", async () => {
    const id = await createPost(member, { title: "Logged" });
    await api("POST", `/api/posts/${id}/mark_important`, { token: admin.token });
    const rows = await sql`
      select action, actor_id from public.moderation_log where post_id = ${id} order by created_at`;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.at(-1)!.actor_id).toBe(admin.id);
  });
});
