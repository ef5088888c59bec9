import { readFile } from "node:fs/promises";
import { expect, test } from "../support/playwright.ts";
import { createMember } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { createPost } from "../support/fixtures.ts";

// Downloads: All posts' current results as CSV or JSON, and the whole archive
// from the footer's Data page, on a phone and a wide screen, light and dark.

const widths = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } } as const;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

for (const [name, viewport] of Object.entries(widths)) {
  test(`${name}: All posts downloads the filtered results, and the footer's Data page offers the archive`, async ({ page }) => {
    const tag = `e2edownload${stamp()}`;
    const author = await createMember({ lastName: "e2e-download" });
    const [older, newer] = [`E2E download older ${tag}`, `E2E download newer ${tag}`];
    await createPost(author, { title: older, tags: [tag], createdAt: "2026-02-01T10:00:00Z" });
    await createPost(author, { title: newer, tags: [tag], createdAt: "2026-02-02T10:00:00Z" });

    await page.setViewportSize(viewport);
    await page.goto(`/posts/all?tags=${tag}&sort=oldest`);
    await expect(page.getByRole("link", { name: older })).toBeVisible();
    const csvLink = page.getByRole("link", { name: "CSV", exact: true });
    await expect(page.getByRole("link", { name: "JSON", exact: true })).toHaveAttribute("href", new RegExp(`format=json`));
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`all-posts-download-${viewport.width}-${theme}.png`) });
    }

    const [download] = await Promise.all([page.waitForEvent("download"), csvLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^archive-posts-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8")).split("\r\n");
    expect(lines[0]).toMatch(/^id,title,type,author,/);
    expect(lines.slice(1).filter(Boolean).map((line) => line.split(",")[1])).toEqual([older, newer]);

    await page.getByRole("contentinfo").getByRole("link", { name: "Data", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Data" })).toBeVisible();
    const archive = page.getByRole("link", { name: "Download the archive (JSON Lines)" });
    await expect(archive).toHaveAttribute("href", "/api/export/archive.jsonl");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      // Axe reads the colours once the page has switched theme, not halfway.
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
    }
    const [file] = await Promise.all([page.waitForEvent("download"), archive.click()]);
    const archived = (await readFile((await file.path())!, "utf8")).trimEnd().split("\n").map((line) => JSON.parse(line));
    expect(archived.map((post) => post.title)).toEqual(expect.arrayContaining([older, newer]));
  });
}
