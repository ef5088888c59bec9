/**
 * Downloads: GET /api/export/posts
 * gives All posts' current results as CSV or JSON, following the list's own
 * parameters, at most 10,000 posts; GET /api/export/archive.jsonl gives the
 * whole published archive, a post a line with its sources and revisions,
 * for a CDN to keep a few minutes. Neither ever carries what a visitor may
 * not read, and each client may ask for so many an hour.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { citeCheckedSources } from "../support/sources.ts";
import { api, createAdmin, createMember, postForm, refusal, type SignedInUser } from "../support/api.ts";

let author: SignedInUser;
let voter: SignedInUser;
let admin: SignedInUser;

/** A tag only this run's posts carry, so each download sees exactly them. */
const run = `export${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
const day = (n: number) => `2026-03-${String(n).padStart(2, "0")}T12:00:00Z`;

interface ExportedPost {
  id: number;
  title: string;
  type: string;
  author: string;
  created_at: string;
  event_date: string | null;
  tags: string[];
  score: number;
  comment_count: number;
  url: string;
  excerpt: string | null;
  references: string | null;
}

let first: number;
let second: number;
let third: number;

beforeAll(async () => {
  [author, voter, admin] = await Promise.all([createMember({ lastName: "exporter" }), createMember(), createAdmin()]);
  first = await createPost(author, {
    title: `Oldest ${run}`, tags: [run, "first"], createdAt: day(1), citations: "https://a.example/one", excerpt: "The start.",
  });
  second = await createPost(author, { title: `Middle ${run}`, tags: [run], createdAt: day(2) });
  // An event date orders a post by it: still the newest.
  third = await createPost(author, { title: `Newest ${run}`, tags: [run], createdAt: day(3), eventTimestamp: day(20) });
  // Two votes up make the oldest the most upvoted.
  for (const token of [voter.token, admin.token]) {
    expect((await api("POST", `/api/posts/${first}/vote`, { token, json: { voteType: "up" } })).status).toBe(200);
  }
});

async function download(query: string, token?: string, address?: string): Promise<Response> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (address) headers["x-forwarded-for"] = `${address}, 10.0.0.1`;
  return await fetch(`${process.env.SUPABASE_URL}/functions/v1/api/export/${query}`, { headers });
}

async function exportedJson(query: string, token?: string): Promise<ExportedPost[]> {
  const res = await download(`posts?format=json&${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return await res.json();
}

describe("GET /api/export/posts", () => {
  it("gives the list's results as CSV, in its order, as a dated attachment", async () => {
    const res = await download(`posts?format=csv&tags=${run}&sort=oldest`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="archive-posts-${today}.csv"`);
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe("id,title,type,author,created_at,event_date,tags,score,comment_count,url,excerpt,references");
    expect(lines.slice(1, -1).map((line) => Number(line.split(",")[0]))).toEqual([first, second, third]);
    expect(lines[1]).toBe(
      `${first},Oldest ${run},discussion,Test exporter,2026-03-01T12:00:00+00:00,,"${run}, first",2,0,` +
        `${process.env.SITE_URL}/posts/${first},The start.,https://a.example/one`,
    );
    expect(lines.at(-1)).toBe("");
  });

  it("gives the same posts as the list for each filter and sort, as JSON", async () => {
    const searches = [
      `search=Newest ${run}`, `search="Middle ${run}"`, `search=${run} -Oldest`, `search=tag:${run} from:2026-03-02 to:2026-03-02`,
      `search=tag:${run} author:exporter`, `search=Oldest OR Middle tag:${run}&sort=oldest`, `tags=${run}&since=2026-03-02&until=2026-03-02`,
    ];
    for (const query of [`tags=${run}`, `tags=${run}&sort=most_upvotes`, `tags=${run},first`, `tags=${run}&date=2026-03-20`, ...searches]) {
      const list = await api<{ posts: { id: number }[] }>("GET", `/api/posts/all?${encodeURI(query)}&limit=100`);
      const exported = await exportedJson(encodeURI(query));
      expect(exported.map((post) => post.id), query).toEqual(list.body.posts.map((post) => post.id));
    }
    expect((await exportedJson(`tags=${run}&sort=most_upvotes`)).map((post) => post.id)[0]).toBe(first);
    expect((await exportedJson(`tags=${run},first`)).map((post) => post.id)).toEqual([first]);
    // The search language and its filters narrow the download as they narrow the list.
    expect((await exportedJson(encodeURI(`search="Middle ${run}"`))).map((post) => post.id)).toEqual([second]);
    expect((await exportedJson(encodeURI(`search=${run} -Oldest&sort=oldest`))).map((post) => post.id)).toEqual([second, third]);
    expect((await exportedJson(encodeURI(`search=tag:${run} from:2026-03-02 to:2026-03-02`))).map((post) => post.id)).toEqual([second]);
    expect((await exportedJson(encodeURI(`search=Oldest OR Middle tag:${run}&sort=oldest`))).map((post) => post.id)).toEqual([first, second]);
    const [newest] = await exportedJson(`tags=${run}&date=2026-03-20`);
    expect(newest).toEqual({
      id: third, title: `Newest ${run}`, type: "discussion", author: "Test exporter", created_at: "2026-03-03T12:00:00+00:00",
      event_date: "2026-03-20T12:00:00+00:00", tags: [run], score: 0, comment_count: 0,
      url: `${process.env.SITE_URL}/posts/${third}`, excerpt: "An excerpt.", references: null,
    });
  });

  it("quotes what CSV must quote and keeps formulas from running in a spreadsheet", async () => {
    const tag = `${run}quoting`;
    const id = await createPost(author, {
      title: '=HYPERLINK("https://evil.example","click")', excerpt: 'He said "hi", then\nleft', citations: "@cell +1 -1", tags: [tag],
    });
    const text = await (await download(`posts?format=csv&tags=${tag}`)).text();
    const row = text.split("\r\n")[1] + "\r\n" + text.split("\r\n")[2];
    expect(row).toContain(`${id},"'=HYPERLINK(""https://evil.example"",""click"")",discussion,`);
    expect(row).toContain(`,"He said ""hi"", then\nleft",'@cell +1 -1`);
  });

  it("stops at the limit it is given, and takes none above 10,000", async () => {
    const exported = await exportedJson(`tags=${run}&sort=oldest&limit=2`);
    expect(exported.map((post) => post.id)).toEqual([first, second]);
    const csv = await (await download(`posts?format=csv&tags=${run}&sort=oldest&limit=1`)).text();
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(2);

    const tooMany = await api("GET", `/api/export/posts?format=csv&limit=10001`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("limit must be a whole number from 1 to 10000.");
  });

  it("pages through the list past its page size, each post once, in order", async () => {
    const tag = `${run}many`;
    const rows = await sql<{ id: string }[]>`
      insert into public.posts (author_id, title, excerpt, content, tags, post_type, status, created_at)
      select ${author.id}, 'Many ' || n, 'An excerpt.', 'Content.', array[${tag}], 'discussion', 'approved',
             '2026-01-01T00:00:00Z'::timestamptz + n * interval '1 minute'
      from generate_series(1, 130) n
      returning id`;
    const ids = rows.map((row) => Number(row.id));
    expect((await exportedJson(`tags=${tag}&sort=oldest&limit=120`)).map((post) => post.id)).toEqual(ids.slice(0, 120));
    const csv = (await (await download(`posts?format=csv&tags=${tag}`)).text()).split("\r\n").filter(Boolean);
    expect(csv.slice(1).map((line) => Number(line.split(",")[0]))).toEqual(ids.toReversed());
  });

  it("refuses a format or filter it does not know, with the list's messages", async () => {
    expect(await refusal("GET", "/api/export/posts")).toEqual({ status: 400, error: "format must be csv or json." });
    expect(await refusal("GET", "/api/export/posts?format=json&sort=sideways"))
      .toEqual({ status: 400, error: "sort must be best, newest, oldest or most_upvotes." });
  });

  it("never carries a pending or rejected post, not even to its author or an admin", async () => {
    const tag = `${run}unpublished`;
    const published = await createPost(author, { tags: [tag] });
    await createPost(author, { tags: [tag], status: "pending" });
    await createPost(author, { tags: [tag], status: "rejected" });
    for (const token of [undefined, author.token, admin.token]) {
      expect((await exportedJson(`tags=${tag}`, token)).map((post) => post.id)).toEqual([published]);
    }
  });

  it("gives an empty list as an empty JSON array", async () => {
    expect(await exportedJson(`tags=${run}nothing`)).toEqual([]);
  });
});

describe("GET /api/export/archive.jsonl", () => {
  /** Published, then edited by an admin who then hid the first version's content. */
  async function postWithHiddenRevision(): Promise<{ id: number; secret: string }> {
    const secret = `The home address ${run}`;
    const cited = `https://archived.example/${run}`;
    const id = await createPost(author, { status: "pending", title: `Archived ${run}`, content: secret });
    const approved = await api("POST", `/api/admin/posts/${id}/approve`, { token: admin.token });
    expect(approved.status).toBeLessThan(300);
    const edited = await api("PUT", `/api/posts/${id}`, { token: admin.token, form: postForm({ content: "Lives in town.", citations: cited, note: "Removed an address." }) });
    expect(edited.status).toBeLessThan(300);
    const [approval] = await sql<{ id: string }[]>`select id from public.post_revisions where post_id = ${id} order by id limit 1`;
    const hidden = await api("POST", `/api/admin/revisions/${approval.id}/hide`, { token: admin.token, json: { reason: "An address." } });
    expect(hidden.status).toBeLessThan(300);
    await citeCheckedSources(id, [{ url: cited, state: "dead", checkedAt: null, archived: { url: `https://web.archive.org/web/2026/${cited}`, at: "2026-10-20T00:00:00Z" } }]);
    return { id, secret };
  }

  it("gives every published post as a line with its sources and visible revisions, for a CDN to keep", async () => {
    const { id, secret } = await postWithHiddenRevision();
    const pending = await createPost(author, { status: "pending", title: `Unpublished ${run}` });
    const res = await download("archive.jsonl", admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/jsonl; charset=utf-8");
    // A CDN keeps it five minutes at most and never serves it stale: a hidden revision leaves every copy within them.
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=300, must-revalidate");
    expect(res.headers.get("cdn-cache-control")).toBe("public, max-age=300, must-revalidate");
    const text = await res.text();
    expect(text).not.toContain(secret);
    expect(text).not.toContain("An address.");
    expect(text.endsWith("\n")).toBe(true);
    const lines = text.trimEnd().split("\n").map((line) => JSON.parse(line));
    const ids = lines.map((line) => Number(line.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toContain(first);
    expect(ids).not.toContain(pending);
    expect(lines.every((line) => line.status === "approved")).toBe(true);

    const archived = lines.find((line) => line.id === id);
    expect(archived).toMatchObject({ title: `Archived ${run}`, content: "Lives in town." });
    expect(archived.sources).toEqual([{
      url: `https://archived.example/${run}`, state: "dead", moved_to: null, checked_at: null,
      archived_url: `https://web.archive.org/web/2026/https://archived.example/${run}`, archived_at: "2026-10-20T00:00:00+00:00",
    }]);
    expect(archived.revisions.map((revision: { kind: string; content_hidden: boolean }) => [revision.kind, revision.content_hidden]))
      .toEqual([["approval", true], ["admin_edit", false]]);
    expect(archived.revisions[0]).toMatchObject({ fields: null, reason: null });
    expect(archived.revisions[1].fields).toMatchObject({ content: "Lives in town." });
  });
});

describe("downloads per client", () => {
  /** An address no other run has used within the hour: each plays a client of its own, as behind the gateway. */
  const freshAddress = () => `2001:db8:${Array.from({ length: 3 }, () => Math.floor(Math.random() * 0x10000).toString(16)).join(":")}::1`;

  /** Downloads `query` `times` times as that client, each to its end: the statuses. */
  async function statuses(query: string, times: number, token?: string, address?: string): Promise<number[]> {
    const answers: number[] = [];
    for (let i = 0; i < times; i++) {
      const res = await download(query, token, address);
      await res.arrayBuffer();
      answers.push(res.status);
    }
    return answers;
  }

  async function expectTooMany(res: Response, error: string) {
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error, detail: error });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Never kept by a CDN for the next client.
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  }

  it("lets an address download the whole archive 5 times an hour, then answers 429 with Retry-After; other clients go on", async () => {
    const address = freshAddress();
    expect(await statuses("archive.jsonl", 5, undefined, address)).toEqual([200, 200, 200, 200, 200]);
    await expectTooMany(await download("archive.jsonl", undefined, address), "You can download the whole archive at most 5 times an hour. Please try again later.");
    // Another address of the same /64 is the same client.
    await expectTooMany(await download("archive.jsonl", undefined, address.replace(/::1$/, "::2")), "You can download the whole archive at most 5 times an hour. Please try again later.");
    expect(await statuses("archive.jsonl", 1, undefined, freshAddress())).toEqual([200]);
    // A member is counted by their account, not by the address they share.
    expect(await statuses("archive.jsonl", 1, voter.token, address)).toEqual([200]);
  });

  it("lets an address download lists 30 times an hour; a refused query is not counted", async () => {
    const address = freshAddress();
    expect(await statuses("posts?format=json&sort=sideways", 3, undefined, address)).toEqual([400, 400, 400]);
    const answers = await statuses(`posts?format=csv&tags=${run}&limit=1`, 30, undefined, address);
    expect(answers.every((status) => status === 200)).toBe(true);
    await expectTooMany(await download(`posts?format=json&tags=${run}`, undefined, address), "You can download lists of posts at most 30 times an hour. Please try again later.");
  });

  it("counts a member by their account, from whatever address", async () => {
    const member = await createMember();
    const answers = await Promise.all([freshAddress(), freshAddress(), freshAddress(), freshAddress(), freshAddress()]
      .map(async (address) => (await statuses("archive.jsonl", 1, member.token, address))[0]));
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    await expectTooMany(await download("archive.jsonl", member.token, freshAddress()), "You can download the whole archive at most 5 times an hour. Please try again later.");
  });
});

describe("GET /api/export/archive-info", () => {
  it("gives the last whole archive download's size and the newest post's publication, without making the archive", async () => {
    const fresh = await createPost(author, { title: `Newest ${run}`, createdAt: new Date(Date.now() + 60_000).toISOString() });
    const res = await download("archive.jsonl", author.token);
    expect(res.status).toBe(200);
    const bytes = new TextEncoder().encode(await res.text()).length;
    // Recorded just after the last byte is sent, so a moment after the download ends.
    await expect.poll(async () => (await api("GET", "/api/export/archive-info")).body.size?.bytes).toBe(bytes);
    const info = await api("GET", "/api/export/archive-info");
    expect(info.status).toBe(200);
    expect(Object.keys(info.body).sort()).toEqual(["newest_post_at", "size"]);
    expect(Date.now() - new Date(info.body.size.measured_at).getTime()).toBeLessThan(60_000);
    const [own] = await sql<{ at: Date }[]>`select coalesce(reviewed_at, created_at) as at from public.posts where id = ${fresh}`;
    expect(new Date(info.body.newest_post_at).getTime()).toBeGreaterThanOrEqual(own.at.getTime());
  });
});
