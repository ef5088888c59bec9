import assert from "node:assert/strict";
import { type CitedPost, citationItem, cslName, revisionPermalink } from "./citation-item.ts";

const site = { url: "https://archive.example", name: "The Community Archive" };
const post: CitedPost = { id: 12, title: "007 Live at the Fair", authorName: "Jane Doe", revisionId: 34, revisedAt: "2026-11-20T23:30:00.000Z" };

Deno.test("a post's item names its author, shown title, site, current revision's link, its UTC day and the access day", () => {
  assert.deepEqual(citationItem(post, site, "2026-11-27"), {
    id: "post-12",
    type: "webpage",
    title: "7 Live at the Fair",
    author: [{ family: "Doe", given: "Jane" }],
    "container-title": "The Community Archive",
    URL: "https://archive.example/posts/12/history?revision=34",
    issued: { "date-parts": [[2026, 11, 20]] },
    accessed: { "date-parts": [[2026, 11, 27]] },
  });
});

Deno.test("a deleted account's post is cited without an author", () => {
  const item = citationItem({ ...post, authorName: null }, site, "2026-11-27");
  assert.equal("author" in item, false);
  assert.equal(item.title, "7 Live at the Fair");
});

Deno.test("a post without revisions links to the post itself", () => {
  assert.equal(revisionPermalink(site, { id: 12, revisionId: null }), "https://archive.example/posts/12");
  assert.equal(revisionPermalink(site, { id: 12, revisionId: 34 }), "https://archive.example/posts/12/history?revision=34");
});

Deno.test("the issued day is the revision's day in UTC, not the server's", () => {
  const item = citationItem({ ...post, revisedAt: "2026-12-31T23:59:59.000Z" }, site, "2027-01-01");
  assert.deepEqual(item.issued["date-parts"], [[2026, 12, 31]]);
  assert.deepEqual(item.accessed["date-parts"], [[2027, 1, 1]]);
});

Deno.test("a plainly \"Given Family\" display name is split, any other name stays whole", () => {
  assert.deepEqual(cslName("Hana Sato"), { family: "Sato", given: "Hana" });
  assert.deepEqual(cslName("Jean-Luc Émond"), { family: "Émond", given: "Jean-Luc" });
  assert.deepEqual(cslName("Siobhán O'Brien"), { family: "O'Brien", given: "Siobhán" });
  for (const name of ["dj_koto", "Vincent van Gogh", "hana sato", "Mary Ann Smith", "ABBA Fan", "Hana", "Room 101"]) {
    assert.deepEqual(cslName(name), { literal: name }, name);
  }
});

Deno.test("the issued day is the revision's day in the reader's zone, as the post page shows it", () => {
  // 23:30 UTC on 1 March is already 2 March in Tokyo and still 1 March in Los Angeles.
  const late = { ...post, revisedAt: "2026-03-01T23:30:00.000Z" };
  assert.deepEqual(citationItem(late, site, "2026-03-05", "Asia/Tokyo").issued["date-parts"], [[2026, 3, 2]]);
  assert.deepEqual(citationItem(late, site, "2026-03-05", "America/Los_Angeles").issued["date-parts"], [[2026, 3, 1]]);
  // The day the post page prints for the same moment in the same zone.
  const shown = new Date(late.revisedAt).toLocaleDateString("en-US", { timeZone: "Asia/Tokyo", month: "short", day: "numeric" });
  assert.equal(shown, "Mar 2");
});
