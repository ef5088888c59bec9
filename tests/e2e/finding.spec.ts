import { expect, test, type Page } from "../support/playwright.ts";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { createMember, type SignedInUser } from "../support/api.ts";

// Ways into the archive: All posts dense on a wide screen and never wider than
// a phone's, events still to come shown as upcoming, tag chips and author names
// that lead somewhere, the tag index and author pages. The data is this file's
// own: posts with a tag no other test uses.

const run = `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const tag = `find-${run}`;
const otherTag = `other-${run}`;
/** As many posts as the experience issue measured: 11,800 px of page for 40 of them, one per day. */
const postCount = 40;
const dayMs = 86_400_000;

let author: SignedInUser;
let quiet: SignedInUser;
const ids = { upcoming: 0, latest: 0, pending: 0 };

test.beforeAll(async () => {
  author = await createMember({ firstName: "Frances", lastName: `Finder ${run}` });
  quiet = await createMember({ lastName: `quiet ${run}` });
  // One post a day, each in a day group of its own, as in the screenshot.
  for (let i = 0; i < postCount; i++) {
    const id = await createPost(author, {
      // One title and one tag that cannot wrap between words: they must not push a phone's page sideways.
      title: i === 1 ? `Archive entry 1 ${run} ${"Unbreakable".repeat(8)}` : `Archive entry ${i} ${run}`,
      excerpt: "A short note about a recording, a show or an interview, as most posts have.",
      tags: i === 0 ? [tag, otherTag, "live", "tour", "radio"] : i === 1 ? [tag, "x".repeat(50)] : [tag, "live"],
      createdAt: new Date(Date.now() - (i + 1) * dayMs).toISOString(),
    });
    if (i === 0) ids.latest = id;
    if (i % 5 === 0) await sql`insert into public.post_media (post_id, object_path, media_type, position) values (${id}, 'alex-rivera-stage.jpg', 'image', 0)`;
  }
  ids.upcoming = await createPost(author, {
    title: `Reunion show next year ${run}`,
    excerpt: "Announced today.",
    postType: "event",
    eventTimestamp: new Date(Date.now() + 200 * dayMs).toISOString(),
    tags: [tag],
    createdAt: new Date().toISOString(),
  });
  ids.pending = await createPost(author, { title: `Still under review ${run}`, tags: [tag], status: "pending" });
  await createComment(author, ids.latest, { content: "A first comment." });
});

test.beforeEach(async ({ page }) => {
  // Only analytics may be stubbed.
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

/** Scrolls to the end of the list until `count` rows are on the page (the next page loads as the end comes into view). */
async function loadRows(page: Page, count: number) {
  const rows = page.getByTestId("post-card");
  await expect(rows.first()).toBeVisible();
  // One count a round: the next page may come on its own (its sentinel already in view) between two counts.
  for (let shown = await rows.count(); shown < count; ) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => rows.count()).toBeGreaterThan(shown);
    shown = await rows.count();
  }
  await expect(rows).toHaveCount(count);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.page, "page width at most the screen's").toBeLessThanOrEqual(widths.screen);
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("all posts: 40 posts, one a day, take at most half the page they took (11,800 px)", async ({ page }) => {
    await page.goto(`/posts/all?tags=${tag}`);
    await loadRows(page, postCount + 1);
    // The upcoming event is listed apart: the other 40 are in day groups.
    await expect(page.getByTestId("post-group")).toHaveCount(postCount);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(11_800 / 2);
    // Every field of a card is still there.
    const first = page.getByTestId("post-card").filter({ hasText: `Archive entry 0 ${run}` });
    await expect(first.getByRole("heading", { name: `Archive entry 0 ${run}` })).toBeVisible();
    await expect(first.getByText("A short note about a recording")).toBeVisible();
    await expect(first.getByText("Discussion", { exact: true })).toBeVisible();
    await expect(first.getByRole("link", { name: `Frances Finder ${run}` })).toBeVisible();
    await expect(first.getByTestId("score")).toBeVisible();
    await expect(first.getByText("1 comment")).toBeVisible();
    await expect(first.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([tag, otherTag, "live", "tour", "+1 more"]);
    await expect(first.locator("img")).toBeVisible();
  });

  test("all posts: events still to come are listed as upcoming, above the newest posts, not as them", async ({ page }) => {
    await page.goto(`/posts/all?tags=${tag}`);
    const upcoming = page.getByRole("region", { name: "Upcoming events" });
    await expect(upcoming.getByRole("link", { name: `Reunion show next year ${run}` })).toBeVisible();
    // The newest posts start with what has happened: yesterday's.
    const newest = page.getByTestId("post-group").first();
    await expect(newest.getByTestId("post-card")).toHaveCount(1);
    await expect(newest).toContainText(`Archive entry 0 ${run}`);
    await expect(page.getByTestId("post-group").filter({ hasText: `Reunion show next year ${run}` })).toHaveCount(0);

    // Oldest first keeps its meaning: the upcoming event comes last, marked as upcoming.
    await page.getByLabel("Sort by").selectOption("oldest");
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(page.getByRole("region", { name: "Upcoming events" })).toHaveCount(0);
    await loadRows(page, postCount + 1);
    const last = page.getByTestId("post-card").last();
    await expect(last).toContainText(`Reunion show next year ${run}`);
    await expect(last.getByText("Upcoming", { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test("a tag chip opens all posts with that tag, and the URL holds it", async ({ page }) => {
    await page.goto(`/posts/all?tags=${tag}`);
    const card = page.getByTestId("post-card").filter({ hasText: `Archive entry 0 ${run}` });
    await card.getByRole("link", { name: otherTag, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/all\\?tags=${otherTag}$`));
    await expect(page.getByRole("list", { name: "Tag filters" }).getByRole("listitem")).toHaveText([`${otherTag}×`]);
    await expect(page.getByTestId("post-card")).toHaveCount(1);

    // The post page's categories lead there too.
    await page.getByRole("link", { name: `Archive entry 0 ${run}` }).click();
    await page.getByRole("region", { name: "Categories" }).getByRole("link", { name: tag, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/all\\?tags=${tag}$`));
    await expect(page.getByRole("region", { name: "Upcoming events" })).toBeVisible();
  });

  test("the tag index: each tag with its count of published posts, linked to its posts, sorted as the URL says", async ({ page }) => {
    await page.goto("/posts/all");
    await page.getByRole("link", { name: "Browse all tags" }).click();
    await expect(page).toHaveURL(/\/tags$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
    const tags = page.getByRole("list", { name: "Tags" });
    // 41 published posts; the one under review is not counted.
    await expect(tags.getByRole("link", { name: `${tag} ${postCount + 1} posts` })).toBeVisible();
    await expect(tags.getByRole("link", { name: `${otherTag} 1 post`, exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByLabel("Sort by").selectOption("name");
    await expect(page).toHaveURL(/\/tags\?sort=name$/);
    const names = await tags.getByRole("link").evaluateAll((links) => links.map((link) => link.firstElementChild?.textContent ?? ""));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    await page.reload();
    await expect(page.getByLabel("Sort by")).toHaveValue("name");

    await tags.getByRole("link", { name: `${otherTag} 1 post`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/all\\?tags=${otherTag}$`));
    await expect(page.getByTestId("post-card")).toHaveCount(1);
  });

  test("an author's name opens their page: name, member since, published posts a page at a time", async ({ page }) => {
    await page.goto(`/posts/all?tags=${tag}`);
    await page.getByTestId("post-card").filter({ hasText: `Archive entry 0 ${run}` }).getByRole("link", { name: `Frances Finder ${run}` }).click();
    await expect(page).toHaveURL(`/authors/${author.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Frances Finder ${run}` })).toBeVisible();
    const month = new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", timeZone: "UTC" });
    await expect(page.getByText(`Member since ${month} · ${postCount + 1} published posts`)).toBeVisible();
    await loadRows(page, postCount + 1);
    await expect(page.getByRole("link", { name: `Still under review ${run}` })).toHaveCount(0);
    await expect(page.getByTestId("post-card").first()).toContainText(`Reunion show next year ${run}`);
    await expectNoSeriousAxeViolations(page);

    // From a post's page too.
    await page.goto(`/posts/${ids.latest}`);
    // The post's own "By …" (the author's comments below it link there too).
    await page.getByRole("article").first().getByRole("link", { name: `Frances Finder ${run}` }).first().click();
    await expect(page).toHaveURL(`/authors/${author.id}`);
  });

  test("someone without public contributions has no page", async ({ page }) => {
    await page.goto(`/authors/${quiet.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText(quiet.lastName)).toHaveCount(0);
  });
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("all posts, the tag index and an author page fit the screen's width", async ({ page }) => {
    await page.goto(`/posts/all?tags=${tag}`);
    await loadRows(page, postCount + 1);
    await expect(page.getByRole("region", { name: "Upcoming events" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto("/tags");
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("link", { name: `${tag} ${postCount + 1} posts` })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto(`/authors/${author.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Frances Finder ${run}` })).toBeVisible();
    await loadRows(page, postCount + 1);
    await expectNoSidewaysScroll(page);
  });

  test("a tag chip and an author's name lead on, on a phone too", async ({ page }) => {
    await page.goto(`/posts/all?tags=${tag}`);
    const card = page.getByTestId("post-card").filter({ hasText: `Archive entry 0 ${run}` });
    await card.getByRole("link", { name: otherTag, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`tags=${otherTag}$`));
    await expect(page.getByTestId("post-card")).toHaveCount(1);
    await page.getByRole("link", { name: `Frances Finder ${run}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Frances Finder ${run}` })).toBeVisible();
  });
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("all posts, the tag index and an author page are axe-clean", async ({ page }) => {
      await page.goto(`/posts/all?tags=${tag}`);
      await expect(page.getByRole("region", { name: "Upcoming events" })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.goto("/tags");
      await expect(page.getByRole("list", { name: "Tags" }).getByRole("link").first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.goto(`/authors/${author.id}`);
      await expect(page.getByTestId("post-card").first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  });
}
