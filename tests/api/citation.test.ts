/**
 * GET /api/posts/{id}/citation: a published post's citation in each format,
 * naming its author, title and the site, linking to its current revision,
 * with the access day; a 400 for a bad format or day, and a 404 for what a
 * visitor may not read (even when its author asks).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { testEnv } from "../support/env.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, postForm, type SignedInUser } from "../support/api.ts";

const site = new URL(testEnv.siteUrl).origin;
const siteName = "The Community Archive";
const accessed = "2026-11-27";

let author: SignedInUser;
let admin: SignedInUser;
let authorName: string;
/** Approved by an admin, so it has a revision (its approval). */
let postId: number;
const title = `Live at the Fair ${Date.now()}`;

async function currentRevision(id: number): Promise<{ id: number; day: Date }> {
  const [row] = await sql<{ id: string; created_at: Date }[]>`
    select id, created_at from public.post_revisions where post_id = ${id} order by created_at desc, id desc limit 1`;
  return { id: Number(row.id), day: row.created_at };
}

const cite = (id: number, query: string) => api<string>("GET", `/api/posts/${id}/citation?${query}`);

beforeAll(async () => {
  [author, admin] = await Promise.all([createMember({ lastName: "citation-author" }), createAdmin()]);
  [{ display_name: authorName }] = await sql<{ display_name: string }[]>`select display_name from public.profiles where id = ${author.id}`;
  postId = await createPost(author, { status: "pending", title });
  expect((await api("POST", `/api/admin/posts/${postId}/approve`, { token: admin.token })).status).toBe(200);
});

describe("GET /api/posts/{id}/citation", () => {
  it("gives APA, MLA and Chicago as plain text with the author, title, site and the current revision's link", async () => {
    const link = `${site}/posts/${postId}/history?revision=${(await currentRevision(postId)).id}`;
    for (const format of ["apa", "mla", "chicago"]) {
      const res = await cite(postId, `format=${format}&accessed=${accessed}`);
      expect(res.status, format).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(res.body.startsWith(`${authorName}.`), `${format}: ${res.body}`).toBe(true);
      for (const part of [title, siteName, link]) expect(res.body, format).toContain(part);
    }
    // Of the three styles only Chicago's access-dates variant prints the access day of a dated page (styles/README.md).
    expect((await cite(postId, `format=chicago&accessed=${accessed}`)).body).toContain("Accessed November 27, 2026.");
  });

  it("gives BibTeX with the author, title, link and access day", async () => {
    const { id } = await currentRevision(postId);
    const res = await cite(postId, `format=bibtex&accessed=${accessed}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-bibtex; charset=utf-8");
    expect(res.body).toMatch(/^@misc\{/);
    expect(res.body).toContain(`author = {{${authorName}}}`);
    expect(res.body).toContain(`url = {${site}/posts/${postId}/history?revision=${id}}`);
    expect(res.body).toContain(`accessed ${accessed}`);
    // BibTeX protects capitals with braces; the words are the title's.
    expect(res.body.replace(/[{}]/g, "")).toContain(`title = ${title}`);
  });

  it("gives CSL-JSON: the item with the site as container, the revision's day and the access day", async () => {
    const revision = await currentRevision(postId);
    const res = await api<unknown>("GET", `/api/posts/${postId}/citation?format=csl-json&accessed=${accessed}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.citationstyles.csl+json");
    expect(res.body).toEqual([{
      id: `post-${postId}`,
      type: "webpage",
      title,
      author: [{ literal: authorName }],
      "container-title": siteName,
      URL: `${site}/posts/${postId}/history?revision=${revision.id}`,
      issued: { "date-parts": [[revision.day.getUTCFullYear(), revision.day.getUTCMonth() + 1, revision.day.getUTCDate()]] },
      accessed: { "date-parts": [[2026, 11, 27]] },
    }]);
  });

  it("is accessed today (UTC) unless a day is given", async () => {
    const before = new Date().toISOString().slice(0, 10);
    const res = await api<{ accessed: { "date-parts": number[][] } }[]>("GET", `/api/posts/${postId}/citation?format=csl-json`);
    const after = new Date().toISOString().slice(0, 10);
    const [[year, month, day]] = res.body[0].accessed["date-parts"];
    const given = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    expect([before, after]).toContain(given);
  });

  it("dates the citation in the reader's zone when tz names it, as the post page shows dates", async () => {
    const revision = await currentRevision(postId);
    for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const res = await api<{ issued: { "date-parts": number[][] } }[]>("GET", `/api/posts/${postId}/citation?format=csl-json&accessed=${accessed}&tz=${encodeURIComponent(tz)}`);
      expect(res.status, tz).toBe(200);
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(revision.day);
      expect(res.body[0].issued["date-parts"], tz).toEqual([day.split("-").map(Number)]);
    }
  });

  it("links to the new revision once the post is edited", async () => {
    const first = (await cite(postId, "format=mla")).body;
    const edited = await api("PUT", `/api/posts/${postId}`, { token: admin.token, form: postForm({ note: "A citation test's edit.", excerpt: "Edited." }) });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const { id } = await currentRevision(postId);
    const second = (await cite(postId, "format=mla")).body;
    expect(first).not.toContain(`revision=${id}`);
    expect(second).toContain(`${site}/posts/${postId}/history?revision=${id}`);
  });

  it("refuses a bad format or access day with a 400 in the error envelope", async () => {
    for (const query of ["format=rtf", "", "format=apa&accessed=27/11/2026", "format=apa&accessed=2026-02-30", "format=apa&tz=Mars/Olympus"]) {
      const res = await api<{ error: string }>("GET", `/api/posts/${postId}/citation?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toMatch(/format must be one of apa, mla, chicago, bibtex, csl-json\.|accessed must be a day as YYYY-MM-DD\.|tz must be an IANA time zone such as Europe\/Berlin\./);
    }
  });

  it("is a 404 for a post a visitor may not read, even when its author asks, and for no post", async () => {
    const pending = await createPost(author, { status: "pending" });
    const rejected = await createPost(author, { status: "rejected" });
    for (const id of [pending, rejected]) {
      for (const token of [undefined, author.token]) {
        const res = await api<{ error: string }>("GET", `/api/posts/${id}/citation?format=apa`, { token });
        expect(res.status).toBe(404);
        expect(res.body.error).toBe("Post not found.");
      }
    }
    expect((await api("GET", "/api/posts/999999999/citation?format=apa")).status).toBe(404);
    expect((await api("GET", "/api/posts/abc/citation?format=apa")).status).toBe(404);
  });
});
