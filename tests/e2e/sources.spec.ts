import { expect, test, type Page } from "../support/playwright.ts";
import { api, createMember, postForm, validPostFields } from "../support/api.ts";
import { logIn } from "../support/browser-auth.ts";
import { sql } from "../support/database.ts";
import { startFakeSite, type FakeSite } from "../api/sources-fake-site.ts";
import { drainUntil, makeCheckDue, sourceRow } from "../api/sources-jobs.ts";
import { loadUntilShown, toHeadOfReviewQueue } from "../support/review-queue.ts";

// A fresh submission's card counts its references before any check runs. A
// new post with three references, one of them dead: after the jobs run, the
// review card says how its sources stand (checked, not yet archived: a
// pending post's links go to the Wayback Machine only once it is published),
// and once published its page shows each written address once, with its
// state and archived copy beside it.

const ADMIN = { email: "admin@example.com", password: "archive-demo" };
const widths = [{ width: 360, height: 740 }, { width: 1280, height: 800 }];
let site: FakeSite;

test.beforeAll(async () => {
  site = await startFakeSite();
});

test.afterAll(async () => {
  await site?.close();
});

/** Every source checked, the dead one twice: the queue drained. */
async function settleChecks(urls: string[], dead: string) {
  await drainUntil(() => Promise.all(urls.map(sourceRow)), (rows) => rows.every((row) => row?.checked_at));
  await makeCheckDue((await sourceRow(dead))!.id);
  await drainUntil(() => Promise.all(urls.map(sourceRow)), (rows) => rows.some((row) => row?.state === "dead"));
}

/** Every source captured once the post is published: the queue drained, Save Page Now's follow-ups made due at once. */
async function settleCaptures(urls: string[]) {
  await drainUntil(async () => {
    await sql`update private.source_jobs set run_at = now()
              where kind = 'preserve' and source_id in (select id from public.sources where url = any(${urls}))`;
    return Promise.all(urls.map(sourceRow));
  }, (rows) => rows.every((row) => row?.archived_at));
}

/** The admin's review card for `title` says `summary` of its sources, on a phone and a laptop. */
async function expectReviewCardSummary(page: Page, title: string, summary: string) {
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/review");
    const card = await loadUntilShown(page, page.getByRole("article", { name: title }));
    await expect(card.getByTestId("source-summary")).toHaveText(summary);
  }
}

test("a fresh submission's review card counts its two references as not yet checked", async ({ page }) => {
  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const title = `E2E fresh sources ${run}`;
  const references = [`https://fresh-a-${run}.example/one`, `https://fresh-b-${run}.example/two`];
  const member = await createMember({ lastName: "e2e-fresh-sources" });
  const created = await api<{ id: number }>("POST", "/api/posts", {
    token: member.token,
    form: postForm({ ...validPostFields, title, citations: references.join("\n") }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // Sources exist as the submission answers; their first checks wait, so the card reads as a reviewer sees it before any check.
  const sources = await sql`select id from public.sources where url = any(${references})`;
  expect(sources).toHaveLength(2);
  await sql`update private.source_jobs set run_at = now() + interval '1 hour' where source_id = any(${sources.map((row) => row.id)})`;
  await toHeadOfReviewQueue(title);

  await logIn(page, ADMIN.email, ADMIN.password);
  await expectReviewCardSummary(page, title, "2 sources: not yet checked");
});

test("a post's sources: the review card's summary, then the published post's list with states and archived copies", async ({ page }) => {
  test.slow();
  const [alive, moved, dead] = [site.url("/ok"), site.url("/old"), site.url("/gone")];
  const title = `E2E sources ${Date.now().toString(36)}`;
  const member = await createMember({ lastName: "e2e-sources" });
  const created = await api<{ id: number }>("POST", "/api/posts", {
    token: member.token,
    form: postForm({ ...validPostFields, title, citations: [alive, moved, dead, "The tour book, page 12"].join("\n") }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await settleChecks([alive, moved, dead], dead);
  await toHeadOfReviewQueue(title);

  await logIn(page, ADMIN.email, ADMIN.password);
  await expectReviewCardSummary(page, title, "3 sources: 1 dead, 1 moved");

  await sql`update public.posts set status = 'approved', reviewed_at = now() where id = ${created.body.id}`;
  await settleCaptures([alive, moved, dead]);
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await page.goto(`/posts/${created.body.id}`);
    // References: each written address once, with its state and archived copy beside it.
    const references = page.getByRole("region", { name: "References" });
    const items = references.getByRole("listitem");
    // A reference that is no address still shows.
    await expect(items).toHaveCount(4);
    await expect(items.nth(3)).toHaveText("The tour book, page 12");
    await expect(references.getByRole("heading", { name: "Links, checked and archived" })).toHaveCount(0);
    for (const url of [alive, moved, dead]) await expect(page.locator(`a[href="${url}"]`)).toHaveCount(1);
    await expect(items.nth(0)).toContainText(`${new URL(alive).hostname} · alive · Archived copy (`);
    await expect(items.nth(1)).toContainText("moved to");
    await expect(items.nth(2)).toContainText("dead · Archived copy (");
    await expect(items.nth(2).getByRole("link", { name: /^Archived copy \(/ })).toHaveAttribute("href", /\/web\/\d{14}\//);
    // Long addresses break rather than widen the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await references.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`post-sources-${viewport.width}.png`) });
  }
});
