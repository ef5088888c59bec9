import { expect, test, type Page } from "../support/playwright.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { createMember } from "../support/api.ts";
import { createPost } from "../support/fixtures.ts";

// The timeline's year and month index, its events-only filter and the URL
// that holds both. The posts are 1962's, a year nothing else in the archive
// has, so jumping there loads what the first pages do not.

const run = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const titles = { event: `Old event ${run}`, talk: `Old talk ${run}` };

test.beforeAll(async () => {
  const author = await createMember({ lastName: "timeline" });
  await createPost(author, {
    title: titles.event,
    postType: "event",
    eventTimestamp: "1962-05-14T00:00:00Z",
    excerpt: "The night it was announced on the radio.",
    content: "### Key facts\n\n- Announced on the radio\n- Covered by the papers\n\nMore context follows.",
  });
  await createPost(author, { title: titles.talk, createdAt: "1962-05-20T12:00:00Z" });
});

test.beforeEach(async ({ page }) => {
  // Only analytics may be stubbed.
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

/** The index: folded behind a button on a phone, beside the list on a wide screen. */
async function timelineIndex(page: Page) {
  const toggle = page.getByRole("button", { name: "Jump to a year or month" });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
  const index = page.getByRole("navigation", { name: "Timeline index" });
  await expect(index).toBeVisible();
  return index;
}

const entry = (page: Page, title: string) => page.getByTestId("timeline-entry").filter({ hasText: title });

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("the index jumps to a year not loaded yet; newer posts come back above", async ({ page }) => {
      await page.goto("/timeline");
      await expect(page.getByTestId("timeline-entry").first()).toBeVisible();
      await expect(entry(page, titles.event)).toHaveCount(0);

      const opened = page.waitForRequest((request) => request.url().includes("/api/timeline?") && request.url().includes("from=1962-05"));
      await (await timelineIndex(page)).getByRole("link", { name: "1962", exact: true }).click();
      await opened;
      await expect(page).toHaveURL(/\/timeline#1962-05$/);
      const may = page.getByRole("heading", { level: 2, name: "May 1962" });
      await expect(may).toBeInViewport();
      await expect(may).toBeFocused();
      await expect(entry(page, titles.event)).toBeVisible();
      await expect(entry(page, titles.talk)).toBeVisible();
      // The preview is the post's own summary, not its content's opening heading and list.
      await expect(entry(page, titles.event)).toContainText("The night it was announced on the radio…");
      await expect(entry(page, titles.event)).not.toContainText("Key facts");
      await expectNoSeriousAxeViolations(page);

      const months = page.getByTestId("timeline-month");
      const shown = await months.count();
      await page.getByRole("button", { name: "Show newer posts" }).click();
      await expect.poll(() => months.count()).toBeGreaterThan(shown);
      await expect(may).toBeVisible();
    });

    test("events only is in the URL, which opens the same view when shared", async ({ page }) => {
      await page.goto("/timeline");
      await page.getByRole("radio", { name: "Events only" }).check();
      await expect(page).toHaveURL(/\/timeline\?type=event$/);
      await expect(page.getByTestId("timeline-entry").first()).toBeVisible();
      await (await timelineIndex(page)).getByRole("link", { name: "May 1962" }).click();
      await expect(page).toHaveURL(/\/timeline\?type=event#1962-05$/);
      await expect(entry(page, titles.event)).toBeVisible();
      await expect(entry(page, titles.talk)).toHaveCount(0);

      // The shared link: a new visit opens at May 1962, events only.
      await page.goto("/");
      await page.goto("/timeline?type=event#1962-05");
      await expect(page.getByRole("radio", { name: "Events only" })).toBeChecked();
      await expect(page.getByRole("heading", { level: 2, name: "May 1962" })).toBeInViewport();
      await expect(entry(page, titles.event)).toBeVisible();
      await expect(entry(page, titles.talk)).toHaveCount(0);
      for (const theme of ["light", "dark"]) {
        await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
        await expectNoSeriousAxeViolations(page);
      }

      // Back to every post: a plain URL again.
      await page.getByRole("radio", { name: "All posts" }).check();
      await expect(page).toHaveURL(/\/timeline$/);
    });
  });
}
