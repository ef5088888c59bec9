/**
 * A post's history over HTTP: GET /api/posts/{id}/revisions (newest first,
 * paged) and /revisions/{revisionId} (a revision and the one before it), as
 * written by the real publishing calls: approval, an applied edit suggestion
 * and an admin's edit with a note; and an admin hiding a revision's content
 * (POST /api/admin/revisions/{id}/hide).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, postForm, type SignedInUser } from "../support/api.ts";

let author: SignedInUser;
let suggester: SignedInUser;
let admin: SignedInUser;
/** Approved, then a suggestion applied, then an admin's edit with a note. */
let postId: number;

interface Revision {
  id: number;
  kind: string;
  author_name: string | null;
  reason: string | null;
  changed_fields: string[];
  content_hidden: boolean;
  fields?: Record<string, unknown> | null;
}

async function ok<T = any>(method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<T> {
  const res = await api<T>(method, path, options);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  [author, suggester, admin] = await Promise.all([
    createMember({ lastName: "history-author" }),
    createMember({ lastName: "history-suggester" }),
    createAdmin(),
  ]);
  postId = await createPost(author, { status: "pending", title: "The first album", content: "Recorded in a barn over three weeks." });
  await ok("POST", `/api/admin/posts/${postId}/approve`, { token: admin.token });
  await ok("POST", `/api/posts/${postId}/suggestions`, {
    token: suggester.token,
    json: { content: "Recorded in a converted barn over three weeks.", summary: "The barn was converted." },
  });
  const [suggestion] = await sql<{ id: string }[]>`select id from public.edit_suggestions where post_id = ${postId}`;
  await ok("POST", `/api/admin/suggestions/${suggestion.id}/approve`, { token: admin.token });
  await ok("PUT", `/api/posts/${postId}`, {
    token: admin.token,
    form: postForm({ title: "The debut album", note: "The band calls it their debut." }),
  });
});

describe("GET /api/posts/{id}/revisions", () => {
  it("lists every published change, newest first, with who, why and what changed", async () => {
    const body = await ok<{ post: { id: number; title: string }; revisions: Revision[]; nextCursor: string | null }>(
      "GET",
      `/api/posts/${postId}/revisions`,
    );
    expect(body.post).toEqual({ id: postId, title: "The debut album" });
    expect(body.nextCursor).toBeNull();
    expect(body.revisions.map(({ kind, author_name, reason, changed_fields }) => ({ kind, author_name, reason, changed_fields }))).toEqual([
      { kind: "admin_edit", author_name: null, reason: "The band calls it their debut.", changed_fields: ["title"] },
      { kind: "suggestion", author_name: "Test history-suggester", reason: "The barn was converted.", changed_fields: ["content"] },
      {
        kind: "approval",
        author_name: "Test history-author",
        reason: null,
        changed_fields: ["citations", "content", "event_timestamp", "excerpt", "info_boxes", "is_nsfw", "post_type", "tags", "title"],
      },
    ]);
  });

  it("pages with limit and cursor", async () => {
    const first = await ok<{ revisions: Revision[]; nextCursor: string }>("GET", `/api/posts/${postId}/revisions?limit=2`);
    expect(first.revisions.map((r) => r.kind)).toEqual(["admin_edit", "suggestion"]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await ok<{ revisions: Revision[]; nextCursor: string | null }>(
      "GET",
      `/api/posts/${postId}/revisions?limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.revisions.map((r) => r.kind)).toEqual(["approval"]);
    expect(second.nextCursor).toBeNull();
  });

  it("answers 400 for a bad limit or cursor, and 404 for a post the caller may not see", async () => {
    expect((await api("GET", `/api/posts/${postId}/revisions?limit=0`)).status).toBe(400);
    expect((await api("GET", `/api/posts/${postId}/revisions?cursor=nonsense`)).status).toBe(400);
    const pending = await createPost(author, { status: "pending" });
    const hidden = await api("GET", `/api/posts/${pending}/revisions`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe("Post not found.");
    // The author sees their pending post, which has no history yet.
    expect((await ok("GET", `/api/posts/${pending}/revisions`, { token: author.token })).revisions).toEqual([]);
  });

  it("shows a new revision to visitors at once (the read cache is emptied)", async () => {
    const id = await createPost(author, { title: "Cached history" });
    expect((await ok("GET", `/api/posts/${id}/revisions`)).revisions).toHaveLength(0);
    await ok("PUT", `/api/posts/${id}`, { token: admin.token, form: postForm({ title: "Cached history, corrected" }) });
    const after = await ok<{ revisions: Revision[] }>("GET", `/api/posts/${id}/revisions`);
    expect(after.revisions.map((r) => r.kind)).toEqual(["admin_edit"]);
  });
});

describe("GET /api/posts/{id}/revisions/{revisionId}", () => {
  it("gives a revision's fields and the previous revision's, for a diff", async () => {
    const { revisions } = await ok<{ revisions: Revision[] }>("GET", `/api/posts/${postId}/revisions`);
    const suggestion = revisions.find((r) => r.kind === "suggestion")!;
    const body = await ok<{ revision: Revision; previous: Revision | null }>("GET", `/api/posts/${postId}/revisions/${suggestion.id}`);
    expect(body.revision).toMatchObject({ id: suggestion.id, kind: "suggestion", reason: "The barn was converted." });
    expect(body.revision.fields).toMatchObject({ title: "The first album", content: "Recorded in a converted barn over three weeks." });
    expect(body.previous).toMatchObject({ kind: "approval", author_name: "Test history-author" });
    expect(body.previous!.fields).toMatchObject({ content: "Recorded in a barn over three weeks.", tags: [], info_boxes: [] });
  });

  it("gives no previous revision for the first", async () => {
    const { revisions } = await ok<{ revisions: Revision[] }>("GET", `/api/posts/${postId}/revisions`);
    const body = await ok("GET", `/api/posts/${postId}/revisions/${revisions.at(-1)!.id}`);
    expect(body.previous).toBeNull();
  });

  it("answers 404 for a revision of another post, or none", async () => {
    const other = await createPost(author);
    const { revisions } = await ok<{ revisions: Revision[] }>("GET", `/api/posts/${postId}/revisions`);
    for (const path of [`/api/posts/${other}/revisions/${revisions[0].id}`, `/api/posts/${postId}/revisions/abc`]) {
      const res = await api("GET", path);
      expect(res.status, path).toBe(404);
      expect(res.body.error).toBe("Revision not found.");
    }
    expect((await api("GET", `/api/posts/999999999/revisions/${revisions[0].id}`)).body.error).toBe("Post not found.");
  });
});

describe("PUT /api/posts/{id} with a note", () => {
  it("refuses a note over 500 characters with the database's message, and changes nothing", async () => {
    const id = await createPost(author, { title: "Long note" });
    const res = await api("PUT", `/api/posts/${id}`, { token: admin.token, form: postForm({ title: "Changed", note: "n".repeat(501) }) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("The note can be at most 500 characters.");
    expect((await sql`select title from public.posts where id = ${id}`)[0].title).toBe("Long note");
  });
});

describe("POST /api/admin/revisions/{id}/hide", () => {
  const address = "The singer lives at 12 Harm Street.";

  /** A published post whose first version named an address, taken down by an admin's edit: [takedown, approval]. */
  async function takenDown(): Promise<{ id: number; takedown: number; approval: number }> {
    const id = await createPost(author, { status: "pending", title: "Taken down", content: address });
    await ok("POST", `/api/admin/posts/${id}/approve`, { token: admin.token });
    await ok("PUT", `/api/posts/${id}`, { token: admin.token, form: postForm({ content: "The singer lives in town.", note: "Removed an address." }) });
    const { revisions } = await ok<{ revisions: Revision[] }>("GET", `/api/posts/${id}/revisions`);
    return { id, takedown: revisions[0].id, approval: revisions[1].id };
  }

  const hide = (revisionId: number, token: string | undefined, json: unknown = { reason: "Someone's home address." }) =>
    api("POST", `/api/admin/revisions/${revisionId}/hide`, { token, json });

  it("is for admins: 401 for a visitor, 403 for a member, and the revision stays as it was", async () => {
    const { id, approval } = await takenDown();
    expect((await hide(approval, undefined)).status).toBe(401);
    const refused = await hide(approval, suggester.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Admin access required.");
    const { revision } = await ok("GET", `/api/posts/${id}/revisions/${approval}`);
    expect(revision).toMatchObject({ content_hidden: false, fields: expect.objectContaining({ content: address }) });
  });

  it("answers 400 without a reason, with a blank one or one over 500 characters", async () => {
    const { approval } = await takenDown();
    for (const body of [{}, { reason: 7 }, { reason: "   " }, { reason: "r".repeat(501) }]) {
      const res = await hide(approval, admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await hide(approval, admin.token, {})).body.error).toBe("reason is required.");
    expect((await hide(approval, admin.token, { reason: "r".repeat(501) })).body.error).toBe("The reason can be at most 500 characters.");
  });

  it("answers 404 for a revision that does not exist, and 409 for the latest one", async () => {
    const { takedown } = await takenDown();
    expect((await hide(999_999_999, admin.token)).status).toBe(404);
    const latest = await hide(takedown, admin.token);
    expect(latest.status).toBe(409);
    expect(latest.body.error).toBe("This revision is the post as it stands: edit the post first, then hide this revision.");
  });

  it("leaves the revision listed, labelled, without its fields for visitors and members; admins read them", async () => {
    const { id, takedown, approval } = await takenDown();
    // A visitor read it first: the read cache must forget it.
    expect((await ok("GET", `/api/posts/${id}/revisions/${approval}`)).revision.fields).toMatchObject({ content: address });
    const hidden = await hide(approval, admin.token);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body).toEqual({ success: true, message: "The revision's content is hidden." });

    for (const token of [undefined, suggester.token, author.token]) {
      const list = await api("GET", `/api/posts/${id}/revisions`, { token });
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain("Harm Street");
      expect(list.body.revisions.map(({ id: revisionId, kind, content_hidden, reason }: Revision) => ({ revisionId, kind, content_hidden, reason }))).toEqual([
        { revisionId: takedown, kind: "admin_edit", content_hidden: false, reason: "Removed an address." },
        { revisionId: approval, kind: "approval", content_hidden: true, reason: null },
      ]);
      const own = await api("GET", `/api/posts/${id}/revisions/${approval}`, { token });
      expect(own.status).toBe(200);
      expect(own.body.revision).toMatchObject({ id: approval, kind: "approval", content_hidden: true, fields: null, created_at: expect.any(String) });
      const next = await api("GET", `/api/posts/${id}/revisions/${takedown}`, { token });
      expect(next.body.previous).toMatchObject({ id: approval, content_hidden: true, fields: null });
      expect(next.body.revision.fields).toMatchObject({ content: "The singer lives in town." });
      for (const res of [own, next]) expect(JSON.stringify(res.body)).not.toContain("Harm Street");
      // Nor through the admins' read.
      expect((await api("GET", `/api/admin/revisions/${approval}`, { token })).status).toBe(token ? 403 : 401);
    }

    const forAdmin = await ok("GET", `/api/admin/revisions/${takedown}`, { token: admin.token });
    expect(forAdmin.revision).toMatchObject({ id: takedown, content_hidden: false, fields: expect.objectContaining({ content: "The singer lives in town." }) });
    expect(forAdmin.previous).toMatchObject({ id: approval, content_hidden: true, fields: expect.objectContaining({ content: address }) });
  });

  it("logs who hid it and why, and an admin can show it again", async () => {
    const { id, approval } = await takenDown();
    await ok("POST", `/api/admin/revisions/${approval}/hide`, { token: admin.token, json: { reason: "  Someone's home address.  " } });
    const { entries } = await ok("GET", "/api/admin/moderation-log?limit=10", { token: admin.token });
    expect(entries.find((entry: { action: string; post_id: number }) => entry.action === "hide_revision" && entry.post_id === id)).toMatchObject({
      actor_name: expect.any(String),
      details: { revision_id: approval, reason: "Someone's home address." },
    });

    expect((await api("POST", `/api/admin/revisions/${approval}/unhide`, { token: suggester.token })).status).toBe(403);
    expect(await ok("POST", `/api/admin/revisions/${approval}/unhide`, { token: admin.token })).toEqual({
      success: true,
      message: "The revision's content is shown again.",
    });
    const { revision } = await ok("GET", `/api/posts/${id}/revisions/${approval}`);
    expect(revision).toMatchObject({ content_hidden: false, fields: expect.objectContaining({ content: address }) });
  });
});
