import { expect, test, type Page } from "../support/playwright.ts";
import { createPost } from "../support/fixtures.ts";
import { createMember, type SignedInUser } from "../support/api.ts";
import { logIn } from "../support/browser-auth.ts";

// The host writes the first screen of the public pages into the HTML
// (web/host/first-screen.ts): readers and crawlers without JavaScript see
// them, and the app hydrates them without a mismatch.

const run = `fs${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const tag = `first-screen-${run}`;
const title = `First screen ${run}`;
const sentence = `The whole post reads without a script ${run}.`;
let author: SignedInUser;
let postId = 0;

test.beforeAll(async () => {
  author = await createMember({ lastName: `Screen${run}` });
  postId = await createPost(author, {
    title,
    excerpt: `Its excerpt ${run}`,
    content: `## A heading\n\n${sentence}\n\n- a list item`,
    tags: [tag, "screens"],
    postType: "event",
    eventTimestamp: "2024-05-06T00:00:00Z",
    citations: `Interview, page 4\nhttps://example.com/source-${run}`,
    createdAt: "2024-05-07T10:00:00Z",
  });
});

/** The public pages, each with what its first screen must show. */
const pages = (): { path: string; heading: string; link?: string | RegExp }[] => [
  { path: `/posts/${postId}`, heading: title },
  { path: "/", heading: "The Community Archive" },
  { path: `/posts/all?tags=${tag}`, heading: "All posts", link: title },
  { path: "/timeline", heading: "Timeline" },
  { path: `/authors/${author.id}`, heading: `Test Screen${run}`, link: title },
  { path: "/tags", heading: "Tags", link: /^screens \d+ posts?$/ },
];

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each public page shows its content, and a post its text, references and structured data, at 360 and 1280", async ({ page }) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const { path, heading, link } of pages()) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
        if (link) await expect(page.getByRole("main").getByRole("link", { name: link, exact: true }).first(), path).toBeVisible();
      }

      await page.goto(`/posts/${postId}`);
      const article = page.getByRole("article");
      await expect(article.getByRole("link", { name: `Test Screen${run}` })).toHaveAttribute("href", `/authors/${author.id}`);
      await expect(article.getByText(sentence)).toBeVisible();
      await expect(article.getByText("Interview, page 4")).toBeVisible();
      await expect(article.locator("time").first()).toHaveAttribute("datetime", /^2024-05-07T10:00:00/);
      // Links to the lists work as plain links.
      await expect(article.getByRole("link", { name: tag })).toHaveAttribute("href", `/posts/all?tags=${tag}`);

      const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null");
      expect(structured).toMatchObject({
        "@type": "DiscussionForumPosting",
        headline: title,
        datePublished: expect.stringMatching(/^2024-05-07T10:00:00/),
        author: { "@type": "Person", name: `Test Screen${run}` },
        citation: ["Interview, page 4", `https://example.com/source-${run}`],
      });
      expect(structured.text).toContain(sentence);
      expect(structured.url).toMatch(new RegExp(`/posts/${postId}$`));
    }
  });
});

/** Everything React and the page said that a reader's console would show as a problem. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

test("each public page is hydrated without a warning or a layout shift, and then works, at 360 and 1280", async ({ page }) => {
  const problems = collectProblems(page);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const { path, heading } of pages()) {
      const response = await page.goto(path);
      // The HTML itself holds the page (the first screen), not an empty root, with every part in place:
      // no part moved out behind a script that swaps it in (which the CSP would block).
      const html = (await response?.text()) ?? "";
      expect(html, path).toContain(`data-first-screen`);
      expect(html, path).not.toMatch(/\$RC\(|<div hidden id="S:/);
      await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
      // Hydrated: the header has taken its one shape for this width.
      await expect(page.getByTestId("header-bar"), path).not.toHaveClass(/byWidth/);
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0))).observe({
              type: "layout-shift",
              buffered: true,
            });
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(0)));
          }),
      );
      expect(shift, `${path} at ${width}`).toBeLessThan(0.01);
    }
  }

  // The hydrated page works: the theme toggle and a link within the app.
  await page.goto(`/posts/${postId}`);
  await page.getByRole("button", { name: "Dark theme" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByRole("article").getByRole("link", { name: tag }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/all\\?tags=${tag}`));
  await expect(page.getByRole("main").getByRole("link", { name: title, exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a signed-in reader gets the page with their own controls, rendered afresh without a warning", async ({ page }) => {
  const problems = collectProblems(page);
  const reader = await createMember({ lastName: `Reader${run}` });
  await logIn(page, reader.email, "test-password-1");
  await page.goto(`/posts/${postId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Log in", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Upvote" }).click();
  await expect(page.getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-pressed", "true");
  expect(problems).toEqual([]);
});
