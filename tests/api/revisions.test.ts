/**
 * A post's history over HTTP: GET /api/posts/{id}/revisions (newest first,
 * paged) and /revisions/{revisionId} (a revision and the one before it), as
 * written by the real publishing calls: approval, an applied edit suggestion
 * and an admin's edit with a note.
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
  fields?: Record<string, unknown>;
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
