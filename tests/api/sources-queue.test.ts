/**
 * POST /api/jobs/sources: refused without the secret (and then runs nothing);
 * two calls at once never run one job twice; a post's sources follow its
 * text through an admin's edit. These sources are on hosts that do not
 * resolve, so nothing here fetches a page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, postForm, type SignedInUser } from "../support/api.ts";
import { drainJobs, drainUntil, jobsSecret } from "./sources-jobs.ts";

let author: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  [author, admin] = await Promise.all([createMember(), createAdmin()]);
});

const citedUrls = (postId: number) =>
  sql<{ url: string; place: string; position: number }[]>`
    select s.url, c.place::text, c.position from public.source_citations c join public.sources s on s.id = c.source_id
    where c.post_id = ${postId} order by c.place, c.position`;

const extractionQueued = async (postId: number) =>
  (await sql`select 1 from private.source_jobs where kind = 'extract' and post_id = ${postId}`).length > 0;

describe("the secret", () => {
  it("is required, and a call without it runs nothing", async () => {
    const postId = await createPost(author, { citations: "https://unresolvable.invalid/secret-test" });
    const attempts: Record<string, string>[] = [{}, { "x-jobs-secret": "wrong" }, { "x-jobs-secret": jobsSecret() + "x" }];
    for (const headers of attempts) {
      const res = await api("POST", "/api/jobs/sources", { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: "A valid x-jobs-secret header is required." });
    }
    expect(await extractionQueued(postId)).toBe(true);
  });
});

describe("two workers at once", () => {
  it("never run one job twice, and between them run them all", async () => {
    const postIds = await Promise.all(Array.from({ length: 24 }, (_, i) => createPost(author, { citations: `https://queue-${i}.invalid/page` })));
    const [first, second] = await Promise.all([drainJobs(), drainJobs()]);
    const ran = [...first, ...second].map((job) => job.id);
    expect(new Set(ran).size).toBe(ran.length);
    await drainUntil(async () => (await Promise.all(postIds.map(extractionQueued))).some(Boolean), (queued) => !queued);
    for (const postId of postIds) expect(await citedUrls(postId)).toHaveLength(1);
  }, 60_000);
});

describe("extraction", () => {
  it("follows an admin's edit of the references and the content", async () => {
    const postId = await createPost(author, {
      citations: "https://before.invalid/a?utm_source=x and https://before.invalid/b",
      content: "See [this](https://content.invalid/page#part).",
    });
    await drainUntil(() => extractionQueued(postId), (queued) => !queued);
    expect(await citedUrls(postId)).toEqual([
      { url: "https://before.invalid/a", place: "references", position: 0 },
      { url: "https://before.invalid/b", place: "references", position: 1 },
      { url: "https://content.invalid/page", place: "content", position: 0 },
    ]);

    const edit = await api("PUT", `/api/posts/${postId}`, { token: admin.token, form: postForm({ citations: "Now only https://after.invalid/c" }) });
    expect(edit.status).toBe(200);
    await drainUntil(() => extractionQueued(postId), (queued) => !queued);
    expect(await citedUrls(postId)).toEqual([
      { url: "https://after.invalid/c", place: "references", position: 0 },
      { url: "https://content.invalid/page", place: "content", position: 0 },
    ]);
  }, 60_000);
});
