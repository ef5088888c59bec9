import { expect, type Locator, type Page, test } from "../support/playwright.ts";
import { createAdmin, createMember } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { loadUntilShown, toHeadOfReviewQueue } from "../support/review-queue.ts";

// A post's markdown headings (#, ##, ###) nest under the heading the content
// sits under: the post page's h1, a review card's "Content" h3, the Comments h2;
// axe's heading-order holds on a phone and a laptop (the post page in both themes).

/** The password tests/support/api.ts signs every test user up with. */
const PASSWORD = "test-password-1";
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const content = "# Top heading\n\nOne.\n\n## Second heading\n\nTwo.\n\n### Third heading\n\nThree.";
const widths = [360, 1280] as const;

const levels = (scope: Locator, names: string[]) =>
  Promise.all(names.map((name) => scope.getByRole("heading", { name, exact: true }).evaluate((heading) => heading.tagName)));

async function axeInBothThemes(page: Page) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expectNoSeriousAxeViolations(page);
  }
}

test("markdown headings nest under the post page's h1 and in its comments, axe heading-order clean; comment actions fit one line", async ({ page }) => {
  const author = await createMember();
  const title = `E2E headings ${stamp()}`;
  const postId = await createPost(author, { title, content });
  await createComment(author, postId, { content: "### A comment's heading\n\nWords." });

  await page.goto(`/posts/${postId}`);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    const article = page.getByRole("article", { name: title });
    await expect(article.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(article.getByRole("heading", { name: "Top heading" })).toBeVisible();
    expect(await levels(article, ["Top heading", "Second heading", "Third heading"])).toEqual(["H2", "H3", "H4"]);
    const comment = page.getByRole("article", { name: /^Comment by / });
    await expect(comment.getByRole("heading", { name: "A comment's heading" })).toHaveJSProperty("tagName", "H3");
    // The comment's actions (votes, Report, Reply) stay on one line, on a phone too.
    const tops = await comment.getByRole("button").evaluateAll((buttons) => buttons.filter((b) => b.closest("[data-print=hide]")).map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...tops) - Math.min(...tops), `tops ${tops.join(", ")}`).toBeLessThan(12);
    await axeInBothThemes(page);
  }
});

test("markdown headings nest under a review card's Content heading, axe heading-order clean", async ({ page }) => {
  test.setTimeout(120_000);
  const author = await createMember();
  const title = `E2E review headings ${stamp()}`;
  await createPost(author, { title, content, status: "pending" });
  await toHeadOfReviewQueue(title);
  const admin = await createAdmin();
  await logIn(page, admin.email, PASSWORD);

  await page.goto("/admin/review");
  // The admin screens' code is fetched on the first visit: more than the usual wait on a cold dev server.
  await expect(page.getByRole("tabpanel").getByRole("article").first()).toBeVisible({ timeout: 30_000 });
  const card = await loadUntilShown(page, page.getByRole("article", { name: title }));
  await card.getByRole("button", { name: "Show details" }).click();
  await expect(card.getByRole("button", { name: "Hide details" })).toBeVisible();
  const detailsId = await card.getByRole("button", { name: "Hide details" }).getAttribute("aria-controls");
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await expect(card.getByRole("heading", { name: "Top heading" })).toBeVisible();
    // Under the page's h1, the card's h2 title and its h3 "Content": h4, h5, h6.
    expect(await levels(card.locator(`[id="${detailsId}"]`), ["Top heading", "Second heading", "Third heading"])).toEqual(["H4", "H5", "H6"]);
    await axeInBothThemes(page);
  }
});
