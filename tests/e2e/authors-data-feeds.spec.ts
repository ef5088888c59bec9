import { expect, test } from "../support/playwright.ts";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { api, createMember } from "../support/api.ts";
import { logIn } from "../support/browser-auth.ts";

// An author's page dates, the Data page (licence, the archive's size and last
// update, feeds), the visible feed links, and writing a post on a phone.

const run = `adf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const widths = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

test("an author's page: when they joined, and their posts newest published first with that date", async ({ page }) => {
  const author = await createMember({ lastName: `Joined ${run}` });
  // The profile row is younger than the account, as the demo seed makes it.
  await sql`update auth.users set created_at = '2025-11-03T12:00:00Z' where id = ${author.id}`;
  await sql`update public.profiles set created_at = '2026-12-01T12:00:00Z' where id = ${author.id}`;
  const slow = await createPost(author, { title: `Slow review ${run}`, createdAt: "2026-01-01T12:00:00Z" });
  const event = await createPost(author, {
    title: `Old event ${run}`,
    postType: "event",
    eventTimestamp: "2018-01-08T00:00:00Z",
    createdAt: "2026-02-01T12:00:00Z",
  });
  await sql`update public.posts set reviewed_at = '2026-03-01T12:00:00Z' where id = ${slow}`;
  await sql`update public.posts set reviewed_at = '2026-02-02T12:00:00Z' where id = ${event}`;

  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await page.goto(`/authors/${author.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Test Joined ${run}` })).toBeVisible();
    await expect(page.getByText("Member since November 2025 · 2 published posts")).toBeVisible();
    await expect(page.getByRole("link", { name: `Atom feed of Test Joined ${run}'s posts` })).toHaveAttribute("href", `/api/feed?author=${author.id}`);
    await expect(page.locator(`head link[rel="alternate"][href="/api/feed?author=${author.id}"]`)).toHaveCount(1);
    await expect(page.getByText("Newest published first.")).toBeVisible();
    const rows = page.getByTestId("post-card");
    await expect(rows.getByRole("heading")).toHaveText([`Slow review ${run}`, `Old event ${run}`]);
    await expect(rows.nth(0)).toContainText("Published March 1, 2026");
    // An event keeps its own date beside the date the list is ordered by.
    await expect(rows.nth(1)).toContainText("January 8, 2018");
    await expect(rows.nth(1)).toContainText("Published February 2, 2026");
    await expectNoSeriousAxeViolations(page);
  }
});

test("feeds are linked where readers look, and the Data page gives the licence and the archive's size and last update", async ({ page }) => {
  // Two widths, each axe-checked in both themes.
  test.slow();
  const author = await createMember({ lastName: "feeds" });
  await createPost(author, { title: `Feed post ${run}`, tags: [run] });
  // One whole download, so the archive's size is known.
  const archive = await fetch(`${process.env.SUPABASE_URL}/functions/v1/api/export/archive.jsonl`);
  const bytes = new TextEncoder().encode(await archive.text()).length;
  await expect.poll(async () => (await api("GET", "/api/export/archive-info")).body.size?.bytes).toBe(bytes);

  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await page.goto("/posts/all");
    await expect(page.getByRole("main").getByRole("link", { name: "Atom feed", exact: true })).toHaveAttribute("href", "/api/feed");
    await page.goto(`/posts/all?tags=${run}`);
    await expect(page.getByRole("link", { name: `Atom feed of ${run}` })).toHaveAttribute("href", `/api/feed?tag=${run}`);
    await expect(page.locator(`head link[rel="alternate"][href="/api/feed?tag=${run}"]`)).toHaveCount(1);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Atom feed" })).toHaveAttribute("href", "/api/feed");

    await page.getByRole("contentinfo").getByRole("link", { name: "Data", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Data" })).toBeVisible();
    await expect(page.getByRole("link", { name: "CC BY-SA 4.0" })).toHaveAttribute("href", "https://creativecommons.org/licenses/by-sa/4.0/");
    await expect(page.getByTestId("content-license")).toContainText("for media, the member who uploaded them");
    const facts = page.getByTestId("archive-facts");
    await expect(facts).toContainText("Last updated");
    await expect(facts).toContainText(/Size: [\d.]+ (B|KB|MB) when last downloaded/);
    await expect(page.getByRole("main").getByRole("link", { name: "Atom feed of events" })).toHaveAttribute("href", "/api/feed?type=event");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      // Axe reads the colours once the page has switched theme, not halfway.
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
    }
  }
});

// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("writing on a phone: tips before Create Entry, a chosen photo listed without the browser's file text; a withdrawn post stays in My contributions", async ({ page }) => {
  // Signs in, writes, then reads My contributions.
  test.slow();
  const member = await createMember({ lastName: "phone-writer" });
  const withdrawn = await createPost(member, { title: `Withdrawn ${run}`, status: "pending" });
  expect((await api("DELETE", `/api/posts/${withdrawn}`, { token: member.token })).status).toBe(200);

  await page.setViewportSize(widths[0]);
  await logIn(page, member.email, "test-password-1");
  await page.goto("/create-post");
  const form = page.getByRole("form", { name: "Create post" });
  const tips = page.getByRole("complementary", { name: "Writing tips" });
  const create = form.getByRole("button", { name: "Create Entry" });
  const tipsBox = (await tips.boundingBox())!;
  const createBox = (await create.boundingBox())!;
  expect(tipsBox.y + tipsBox.height).toBeLessThanOrEqual(createBox.y);

  const input = form.getByLabel("Images and videos");
  await input.setInputFiles([{ name: `photo-${run}.png`, mimeType: "image/png", buffer: PNG }]);
  await expect(form.getByRole("img", { name: `Preview of photo-${run}.png` })).toBeVisible();
  await expect(form.getByText(`photo-${run}.png`)).toBeVisible();
  await expect(form.getByText("Add more images or videos")).toBeVisible();
  // The native input, which would say "No file chosen" beside the chosen photo, takes no room on screen.
  const inputBox = (await input.boundingBox())!;
  expect(inputBox.width * inputBox.height).toBeLessThanOrEqual(1);
  await expectNoSeriousAxeViolations(page);

  await page.setViewportSize(widths[1]);
  const wideTips = (await tips.boundingBox())!;
  const wideForm = (await form.boundingBox())!;
  expect(wideTips.x).toBeGreaterThanOrEqual(wideForm.x + wideForm.width);

  await page.goto("/me");
  // The first visit of /me loads its code: more than a moment on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name: "My contributions" })).toBeVisible({ timeout: 30_000 });
  const withdrawnSection = page.getByRole("region", { name: "Withdrawn posts" });
  await expect(withdrawnSection.getByRole("heading", { name: `Withdrawn ${run}` })).toBeVisible();
  await expect(withdrawnSection).toContainText("Withdrawn on");
  await expectNoSeriousAxeViolations(page);
});
