import { beforeAll, describe, expect, it } from "vitest";
import { createPost, type PostOptions } from "../support/fixtures.ts";
import { api, createMember } from "../support/api.ts";

// A tag no other test or seed post uses, so these lists hold only this file's posts.
const tag = `list${Date.now()}`;
const ids: number[] = [];

beforeAll(async () => {
  const author = await createMember({ lastName: "lists" });
  const make = (title: string, extra: PostOptions = {}) =>
    createPost(author, { ...extra, title, tags: [tag, ...(extra.tags ?? [])] });
  ids.push(
    await make("Concert in Lisbon", { postType: "event", eventTimestamp: "2019-07-14T21:00:00Z", createdAt: "2024-01-01T10:00:00Z", tags: ["live", "portugal"] }),
    await make("Podcast episode 100", { createdAt: "2024-02-01T10:00:00Z", tags: ["podcast"] }),
    await make("Studio album announced", { createdAt: "2024-03-01T10:00:00Z", tags: ["live", "album"], content: "The new record features a xylophone solo." }),
    await make("Hidden pending", { status: "pending", createdAt: "2024-04-01T10:00:00Z" }),
  );
  for (let i = 0; i < 5; i++) ids.push(await make(`Filler ${i}`, { createdAt: `2023-0${i + 1}-15T10:00:00Z` }));
  const voters = await Promise.all([createMember({ lastName: "lv1" }), createMember({ lastName: "lv2" })]);
  await Promise.all(voters.map((v) => api("POST", `/api/posts/${ids[1]}/vote`, { token: v.token, json: { voteType: "up" } })));
});

const titles = (body: { posts: { title: string }[] }) => body.posts.map((p) => p.title);

describe("GET /api/posts/all", () => {
  it("lists approved posts newest first by event date, else creation date", async () => {
    const res = await api("GET", `/api/posts/all?tags=${tag}`);
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual([
      "Studio album announced", "Podcast episode 100",
      "Filler 4", "Filler 3", "Filler 2", "Filler 1", "Filler 0",
      "Concert in Lisbon",
    ]);
    expect(res.body.nextCursor).toBeNull();
  });

  it("sorts oldest first and by score", async () => {
    const oldest = await api("GET", `/api/posts/all?tags=${tag}&sort=oldest`);
    expect(titles(oldest.body)[0]).toBe("Concert in Lisbon");
    const top = await api("GET", `/api/posts/all?tags=${tag}&sort=most_upvotes`);
    expect(titles(top.body)[0]).toBe("Podcast episode 100");
  });

  it("keeps posts having all the given tags", async () => {
    const res = await api("GET", `/api/posts/all?tags=${tag},LIVE`);
    expect(titles(res.body)).toEqual(["Studio album announced", "Concert in Lisbon"]);
    const both = await api("GET", `/api/posts/all?tags=${tag},live,portugal`);
    expect(titles(both.body)).toEqual(["Concert in Lisbon"]);
  });

  it("searches title, excerpt, content and tags, case-insensitively", async () => {
    expect(titles((await api("GET", `/api/posts/all?tags=${tag}&search=LISBON`)).body)).toEqual(["Concert in Lisbon"]);
    expect(titles((await api("GET", `/api/posts/all?tags=${tag}&search=xylophone`)).body)).toEqual(["Studio album announced"]);
    expect(titles((await api("GET", `/api/posts/all?tags=${tag}&search=podcast`)).body)).toEqual(["Podcast episode 100"]);
  });

  it("keeps posts of one day (event date, else creation date)", async () => {
    expect(titles((await api("GET", `/api/posts/all?tags=${tag}&date=2019-07-14`)).body)).toEqual(["Concert in Lisbon"]);
    expect(titles((await api("GET", `/api/posts/all?tags=${tag}&date=2024-01-01`)).body)).toEqual([]);
    expect((await api("GET", `/api/posts/all?date=yesterday`)).status).toBe(400);
    expect((await api("GET", `/api/posts/all?sort=random`)).status).toBe(400);
  });

  it("pages with an opaque cursor, without gaps or repeats", async () => {
    for (const sort of ["newest", "oldest", "most_upvotes"]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `tags=${tag}&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ""}`;
        const res: { status: number; body: any } = await api("GET", `/api/posts/all?${query}`);
        expect(res.status).toBe(200);
        seen.push(...titles(res.body));
        cursor = res.body.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(8);
      expect(seen).not.toContain("Hidden pending");
    }
    expect((await api("GET", "/api/posts/all?cursor=garbage")).status).toBe(400);
  });
});

describe("GET /api/posts/all?from=now", () => {
  // Events still to come are listed apart from the newest posts (the All posts page shows them as upcoming).
  const whenTag = `when${Date.now()}`;
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  beforeAll(async () => {
    const author = await createMember({ lastName: "when" });
    const make = (title: string, extra: PostOptions) => createPost(author, { ...extra, title, tags: [whenTag] });
    await make("Next year's festival", { postType: "event", eventTimestamp: inDays(400), createdAt: inDays(-3) });
    await make("Next week's livestream", { postType: "event", eventTimestamp: inDays(7), createdAt: inDays(-2) });
    await make("Last month's concert", { postType: "event", eventTimestamp: inDays(-30), createdAt: inDays(-40) });
    await make("Yesterday's news", { createdAt: inDays(-1) });
  });

  it("newest first, starts at the present: what has happened, newest first", async () => {
    const res = await api("GET", `/api/posts/all?tags=${whenTag}&from=now`);
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(["Yesterday's news", "Last month's concert"]);
  });

  it("oldest first, starts at the present: what is upcoming, soonest first, a page at a time", async () => {
    const first = await api("GET", `/api/posts/all?tags=${whenTag}&sort=oldest&from=now&limit=1`);
    expect(titles(first.body)).toEqual(["Next week's livestream"]);
    const second = await api("GET", `/api/posts/all?tags=${whenTag}&sort=oldest&from=now&limit=1&cursor=${first.body.nextCursor}`);
    expect(titles(second.body)).toEqual(["Next year's festival"]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("leaves the sort orders as they are without it: newest first starts with the latest date", async () => {
    const res = await api("GET", `/api/posts/all?tags=${whenTag}`);
    expect(titles(res.body)).toEqual(["Next year's festival", "Next week's livestream", "Yesterday's news", "Last month's concert"]);
  });

  it("takes only now, and only with a sort by date", async () => {
    const later = await api("GET", `/api/posts/all?from=later`);
    expect(later.status).toBe(400);
    expect(later.body.error).toBe("from must be now.");
    const byScore = await api("GET", `/api/posts/all?from=now&sort=most_upvotes`);
    expect(byScore.status).toBe(400);
    expect(byScore.body.error).toBe("from=now goes with sort=newest or sort=oldest.");
  });
});

describe("GET /api/timeline", () => {
  it("pages through approved posts newest first with the start of their content", async () => {
    const first = await api("GET", "/api/timeline?limit=5");
    expect(first.status).toBe(200);
    expect(first.body.posts).toHaveLength(5);
    expect(typeof first.body.posts[0].content).toBe("string");
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api("GET", `/api/timeline?limit=5&cursor=${first.body.nextCursor}`);
    const firstIds = first.body.posts.map((p: { id: number }) => p.id);
    for (const post of second.body.posts) expect(firstIds).not.toContain(post.id);
    expect(first.body.posts.every((p: { status: string }) => p.status === "approved")).toBe(true);
  });
});

describe("keyset cursors", () => {
  it("keep microsecond order: posts created within one millisecond are neither skipped nor repeated", async () => {
    const author = await createMember({ lastName: "micro" });
    const microTag = `micro${Date.now()}`;
    const made: number[] = [];
    for (const micros of ["123456", "123400", "123300", "123200"]) {
      made.push(await createPost(author, { title: `At .${micros}`, tags: [microTag], createdAt: `2022-06-01T10:00:00.${micros}Z` }));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: any } = await api("GET", `/api/posts/all?tags=${microTag}&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...titles(res.body));
      cursor = res.body.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual(["At .123456", "At .123400", "At .123300", "At .123200"]);
  });
});
