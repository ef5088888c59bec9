import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { testEnv } from "../support/env.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createMember } from "../support/api.ts";
import { parseXml, textOf } from "../support/xml.ts";

// A tag no other test or seed post uses, so its feeds hold only this file's posts.
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const tag = `feed${run}`;
const site = new URL(testEnv.siteUrl).origin;
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ids = { plain: 0, nsfw: 0, pending: 0, event2019: 0, event2021: 0, event2020: 0 };

beforeAll(async () => {
  const author = await createMember({ lastName: `feed ${run}` });
  ids.plain = await createPost(author, {
    title: `007 Plain & <simple> ${run}`,
    excerpt: `Excerpt with "quotes" & <angle brackets> ${run}`,
    tags: [tag, "extra"],
    createdAt: new Date().toISOString(),
  });
  ids.nsfw = await createPost(author, { title: `Sensitive ${run}`, excerpt: `Secret excerpt ${run}`, isNsfw: true, tags: [tag] });
  ids.pending = await createPost(author, { title: `Pending ${run}`, status: "pending", tags: [tag] });
  const event = (title: string, eventTimestamp: string, createdAt: string) =>
    createPost(author, { title, postType: "event", eventTimestamp, createdAt, tags: [tag] });
  ids.event2019 = await event(`Event 2019 ${run}`, "2019-05-01T20:00:00Z", "2024-03-01T10:00:00Z");
  ids.event2021 = await event(`Event 2021 ${run}`, "2021-05-01T20:00:00Z", "2024-01-01T10:00:00Z");
  ids.event2020 = await event(`Event 2020 ${run}`, "2020-05-01T20:00:00Z", "2024-02-01T10:00:00Z");
});

async function feed(query = "") {
  const res = await api<string>("GET", `/api/feed${query}`);
  expect(res.status, String(res.body)).toBe(200);
  return { res, feed: parseXml(res.body).feed as Record<string, any> };
}

const entryFor = (feed: Record<string, any>, id: number) =>
  (feed.entry ?? []).find((entry: Record<string, any>) => textOf(entry.id) === `${site}/posts/${id}`);

describe("GET /api/feed", () => {
  it("is Atom 1.0 with every element RFC 4287 requires, absolute links and cacheable", async () => {
    const { res, feed: atom } = await feed();
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(atom["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(textOf(atom.id)).toBe(`${site}/api/feed`);
    expect(textOf(atom.title)).not.toBe("");
    expect(textOf(atom.updated)).toMatch(rfc3339);
    expect(atom.link).toContainEqual(expect.objectContaining({ "@_rel": "self", "@_href": `${site}/api/feed` }));
    expect(atom.entry.length).toBeGreaterThan(0);
    expect(atom.entry.length).toBeLessThanOrEqual(50);
    for (const entry of atom.entry) {
      // atom:entry: id, title, updated, an author (the feed has none of its own), and an alternate link without content.
      expect(textOf(entry.id)).toMatch(new RegExp(`^${site}/posts/\\d+$`));
      expect(textOf(entry.title)).not.toBe("");
      expect(textOf(entry.updated)).toMatch(rfc3339);
      expect(textOf(entry.published)).toMatch(rfc3339);
      expect(textOf(entry.author?.name)).not.toBe("");
      const alternate = entry.link.find((link: Record<string, string>) => link["@_rel"] === "alternate");
      expect(alternate["@_href"]).toBe(textOf(entry.id));
      expect(new URL(alternate["@_href"]).origin).toBe(site);
    }
  });

  it("lists a newly published post with its title as shown, excerpt, author and tags; never a pending one", async () => {
    const { feed: atom } = await feed();
    const entry = entryFor(atom, ids.plain);
    expect(entry, "the newest post is in the feed").toBeDefined();
    expect(textOf(entry.title)).toBe(`7 Plain & <simple> ${run}`);
    expect(textOf(entry.summary)).toBe(`Excerpt with "quotes" & <angle brackets> ${run}`);
    expect(textOf(entry.author.name)).toBe(`Test feed ${run}`);
    expect(entry.category.map((category: Record<string, string>) => category["@_term"])).toEqual([tag, "extra"]);
    expect(entryFor(atom, ids.pending)).toBeUndefined();
  });

  it("keeps an NSFW post's excerpt out", async () => {
    const { res, feed: atom } = await feed(`?tag=${tag}`);
    const entry = entryFor(atom, ids.nsfw);
    expect(textOf(entry.title)).toBe(`Sensitive ${run}`);
    expect(entry.summary).toBeUndefined();
    expect(res.body).not.toContain(`Secret excerpt ${run}`);
  });

  it("per tag: only that tag's published posts, newest first; the tag as typed is normalised", async () => {
    const { feed: atom } = await feed(`?tag=${encodeURIComponent(` ${tag.toUpperCase()} `)}`);
    expect(textOf(atom.id)).toBe(`${site}/api/feed?tag=${tag}`);
    // Its page is All posts filtered by that tag, where the SPA links this feed.
    expect(atom.link).toContainEqual(expect.objectContaining({ "@_rel": "alternate", "@_href": `${site}/posts/all?tags=${tag}` }));
    expect(atom.entry.map((entry: Record<string, any>) => textOf(entry.id))).toEqual(
      [ids.plain, ids.nsfw, ids.event2019, ids.event2020, ids.event2021].map((id) => `${site}/posts/${id}`),
    );
  });

  it("orders by publication: a post approved today comes first however long it waited", async () => {
    const waitedTag = `waited${run}`;
    const author = await createMember();
    const waited = await createPost(author, { status: "pending", createdAt: "2020-01-01T10:00:00Z", tags: [waitedTag] });
    const recent = await createPost(author, { createdAt: new Date(Date.now() - 60_000).toISOString(), tags: [waitedTag] });
    await sql`update public.posts set status = 'approved', reviewed_at = now() where id = ${waited}`;
    const { feed: atom } = await feed(`?tag=${waitedTag}`);
    expect(atom.entry.map((entry: Record<string, any>) => textOf(entry.id))).toEqual([waited, recent].map((id) => `${site}/posts/${id}`));
    expect(Date.parse(textOf(atom.entry[0].published))).toBeGreaterThan(Date.parse("2020-01-02"));
  });

  it("never dates an entry's update before its publication: a post approved long after it was sent was updated at its approval", async () => {
    const lateTag = `late${run}`;
    const author = await createMember();
    const sent = "2021-06-01T10:00:00.000Z";
    const approvedLate = await createPost(author, { status: "pending", createdAt: sent, tags: [lateTag] });
    // Untouched since it was sent, then approved today.
    await sql`update public.posts set updated_at = created_at where id = ${approvedLate}`;
    await sql`update public.posts set status = 'approved', reviewed_at = now() where id = ${approvedLate}`;
    const editedLater = await createPost(author, { createdAt: sent, tags: [lateTag] });
    await sql`update public.posts set updated_at = created_at where id = ${editedLater}`;
    await sql`update public.posts set title = ${`Edited later ${run}`} where id = ${editedLater}`;

    const { feed: atom } = await feed(`?tag=${lateTag}`);
    const late = entryFor(atom, approvedLate);
    expect(Date.parse(textOf(late.published))).toBeGreaterThan(Date.parse(sent));
    expect(textOf(late.updated)).toBe(textOf(late.published));
    const edited = entryFor(atom, editedLater);
    expect(textOf(edited.published)).toBe(sent);
    expect(Date.parse(textOf(edited.updated))).toBeGreaterThan(Date.parse(sent));
    for (const entry of atom.entry) expect(Date.parse(textOf(entry.updated))).toBeGreaterThanOrEqual(Date.parse(textOf(entry.published)));
    expect(textOf(atom.updated)).toBe([textOf(late.updated), textOf(edited.updated)].sort().at(-1));
  });

  it("events by event date, newest first", async () => {
    const { feed: atom } = await feed(`?type=event&tag=${tag}`);
    expect(atom.entry.map((entry: Record<string, any>) => textOf(entry.title))).toEqual(
      [`Event 2021 ${run}`, `Event 2020 ${run}`, `Event 2019 ${run}`],
    );
    const { feed: all } = await feed("?type=event");
    expect(all.entry.length).toBeGreaterThan(0);
  });

  it("shows a change at once: the read cache is emptied when a post changes", async () => {
    await feed(`?tag=${tag}`);
    await sql`update public.posts set title = ${`Renamed ${run}`} where id = ${ids.event2019}`;
    // Waits for the change's NOTIFY, which reaches the function a moment after the commit.
    await expect.poll(async () => textOf(entryFor((await feed(`?tag=${tag}`)).feed, ids.event2019).title)).toBe(`Renamed ${run}`);
  });

  it("refuses values it does not know with the usual 400 envelope", async () => {
    for (const [query, message] of [
      ["?type=discussion", "type must be event."],
      ["?tag=", "tag must be 1 to 50 characters."],
      [`?tag=${"x".repeat(51)}`, "tag must be 1 to 50 characters."],
    ]) {
      const res = await api("GET", `/api/feed${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ error: message, detail: message });
    }
  });
});

describe("GET /api/feed?author=", () => {
  const authorRun = `author${run}`;
  const posts = { older: 0, newer: 0, pending: 0, rejected: 0, other: 0 };
  let authorId = "";

  beforeAll(async () => {
    const author = await createMember({ lastName: authorRun });
    authorId = author.id;
    posts.older = await createPost(author, { title: `Older & <older> ${authorRun}`, createdAt: "2023-01-01T10:00:00Z" });
    posts.newer = await createPost(author, { title: `Newer ${authorRun}`, createdAt: "2024-01-01T10:00:00Z" });
    posts.pending = await createPost(author, { title: `Pending ${authorRun}`, status: "pending" });
    posts.rejected = await createPost(author, { title: `Rejected ${authorRun}`, status: "rejected" });
    posts.other = await createPost(await createMember(), { title: `Someone else's ${authorRun}` });
    // A name with the characters XML must escape, in the feed's title.
    await sql`update public.profiles set display_name = ${`Ann & <Co> ${authorRun}`} where id = ${authorId}`;
  });

  it("holds only the author's published posts, newest published first, titled with their public name", async () => {
    const { res, feed: atom } = await feed(`?author=${authorId.toUpperCase()}`);
    expect(res.body).toContain(`<title type="text">Older &amp; &lt;older&gt; ${authorRun}</title>`);
    expect(textOf(atom.title)).toMatch(new RegExp(`: posts by Ann & <Co> ${authorRun}$`));
    expect(textOf(atom.id)).toBe(`${site}/api/feed?author=${authorId}`);
    expect(atom.link).toContainEqual(expect.objectContaining({ "@_rel": "self", "@_href": `${site}/api/feed?author=${authorId}` }));
    expect(atom.link).toContainEqual(expect.objectContaining({ "@_rel": "alternate", "@_href": `${site}/authors/${authorId}` }));
    const entries = [atom.entry ?? []].flat();
    expect(entries.map((entry: Record<string, any>) => textOf(entry.id))).toEqual([posts.newer, posts.older].map((id) => `${site}/posts/${id}`));
    expect(textOf(entries[1].title)).toBe(`Older & <older> ${authorRun}`);
  });

  it("is 404 for an unknown author and for an account without a public page", async () => {
    const reader = await createMember();
    for (const id of ["00000000-0000-4000-8000-000000000000", reader.id]) {
      const res = await api("GET", `/api/feed?author=${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body, id).toEqual({ error: "Author not found.", detail: "Author not found." });
    }
  });

  it("shows a change at once: a first published post opens the feed, a new name retitles it", async () => {
    const newcomer = await createMember();
    expect((await api("GET", `/api/feed?author=${newcomer.id}`)).status).toBe(404);
    const first = await createPost(newcomer, { title: `First ${authorRun}` });
    await expect.poll(async () => (await api("GET", `/api/feed?author=${newcomer.id}`)).status).toBe(200);
    expect(textOf(entryFor((await feed(`?author=${newcomer.id}`)).feed, first).title)).toBe(`First ${authorRun}`);
    await sql`update public.profiles set display_name = ${`Renamed ${authorRun}`} where id = ${newcomer.id}`;
    await expect.poll(async () => textOf((await feed(`?author=${newcomer.id}`)).feed.title)).toMatch(new RegExp(`: posts by Renamed ${authorRun}$`));
  });

  it("refuses a malformed id, and an author with a tag or a type, with a 400", async () => {
    for (const [query, message] of [
      ["?author=nobody", "author must be a user id (a UUID)."],
      [`?author=${authorId}&tag=${tag}`, "author cannot be combined with tag or type."],
      [`?author=${authorId}&type=event`, "author cannot be combined with tag or type."],
    ]) {
      const res = await api("GET", `/api/feed${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ error: message, detail: message });
    }
  });
});
