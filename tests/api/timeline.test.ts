import { beforeAll, describe, expect, it } from "vitest";
import { api, createMember } from "../support/api.ts";
import { createPost } from "../support/fixtures.ts";

// A post type no other test or seed post has (lowercase letters only), so
// `type=` keeps exactly this file's posts: what events only does with "event".
const type = `tl_${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

beforeAll(async () => {
  const author = await createMember({ lastName: "timeline" });
  const make = (title: string, createdAt: string, postType = type) => createPost(author, { title, createdAt, postType });
  await make("March 15, 2010", "2010-03-15T12:00:00Z");
  await make("March 20, 2010", "2010-03-20T12:00:00Z");
  await make("July 1, 2011", "2011-07-01T12:00:00Z");
  await make("Another type, July 2, 2011", "2011-07-02T12:00:00Z", "discussion");
  await make("January 5, 2012", "2012-01-05T12:00:00Z");
  // June in Berlin, still May in UTC.
  await make("May 31, 2013, late", "2013-05-31T23:30:00Z");
});

type Page = { posts: { title: string; post_type: string }[]; nextCursor: string | null; newerCursor: string | null };
const timeline = async (query: string): Promise<Page> => {
  const res = await api("GET", `/api/timeline?type=${type}&${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const titles = (page: Page) => page.posts.map((post) => post.title);

describe("GET /api/timeline?type=", () => {
  it("keeps one post type, newest first, a page at a time", async () => {
    const first = await timeline("limit=3");
    expect(titles(first)).toEqual(["May 31, 2013, late", "January 5, 2012", "July 1, 2011"]);
    expect(first.posts.every((post) => post.post_type === type)).toBe(true);
    expect(first.newerCursor).toBeNull();
    const second = await timeline(`limit=3&cursor=${first.nextCursor}`);
    expect(titles(second)).toEqual(["March 20, 2010", "March 15, 2010"]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("GET /api/timeline?from=", () => {
  it("opens at a month, with the newer posts above a page at a time, newest first", async () => {
    const july = await timeline("limit=2&from=2011-07&tz=UTC");
    expect(titles(july)).toEqual(["July 1, 2011", "March 20, 2010"]);
    expect(titles(await timeline(`limit=2&cursor=${july.nextCursor}`))).toEqual(["March 15, 2010"]);

    const above = await timeline(`limit=1&newer=${july.newerCursor}`);
    expect(titles(above)).toEqual(["January 5, 2012"]);
    const top = await timeline(`limit=1&newer=${above.newerCursor}`);
    expect(titles(top)).toEqual(["May 31, 2013, late"]);
    expect(top.newerCursor).toBeNull();
  });

  it("opens at a year, and says when nothing newer is left", async () => {
    const year = await timeline("from=2010&tz=UTC");
    expect(titles(year)).toEqual(["March 20, 2010", "March 15, 2010"]);
    expect(year.newerCursor).toEqual(expect.any(String));
    expect((await timeline("from=2013&tz=UTC")).newerCursor).toBeNull();
  });

  it("takes the month in the reader's time zone", async () => {
    expect(titles(await timeline("limit=1&from=2013-05&tz=UTC"))).toEqual(["May 31, 2013, late"]);
    const berlin = await timeline("limit=1&from=2013-05&tz=Europe/Berlin");
    expect(titles(berlin)).toEqual(["January 5, 2012"]);
    expect(titles(await timeline(`newer=${berlin.newerCursor}`))).toEqual(["May 31, 2013, late"]);
  });

  it("before every post of the type: no page, and the way up to all of them", async () => {
    const before = await timeline("from=1900-01&tz=UTC");
    expect(before.posts).toEqual([]);
    expect(titles(await timeline(`limit=10&newer=${before.newerCursor}`))).toEqual([
      "May 31, 2013, late",
      "January 5, 2012",
      "July 1, 2011",
      "March 20, 2010",
      "March 15, 2010",
    ]);
  });
});

describe("GET /api/timeline/months", () => {
  it("lists the months that have posts of the type, newest first, in the reader's time zone", async () => {
    const utc = await api("GET", `/api/timeline/months?type=${type}&tz=UTC`);
    expect(utc.status).toBe(200);
    expect(utc.body).toEqual({ months: ["2013-05", "2012-01", "2011-07", "2010-03"] });
    const berlin = await api("GET", `/api/timeline/months?type=${type}&tz=Europe/Berlin`);
    expect(berlin.body.months[0]).toBe("2013-06");
  });

  it("lists every type's months without one", async () => {
    const all = await api("GET", "/api/timeline/months");
    expect(all.body.months).toEqual(expect.arrayContaining(["2013-05", "2012-01", "2011-07", "2010-03"]));
    expect([...all.body.months].sort().reverse()).toEqual(all.body.months);
  });
});
