import { expect, test } from "../support/playwright.ts";
import { createMember } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { header, logIn } from "../support/browser-auth.ts";
import { createPostCiting } from "../support/sources.ts";

// Link health, as the seeded moderator opens it from the Admin menu: each dead
// or moved link with its host, state, where it moved, its last check, its
// archived copy and the posts citing it, on a phone and a wide screen, light and dark.

const MODERATOR = { email: "moderator@example.com", password: "archive-demo" };
const widths = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } } as const;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A published post citing one dead link (with an archived copy) and one moved link, both just checked. */
async function postWithBrokenLinks(name: string) {
  const run = stamp();
  const title = `E2E link health ${name} ${run}`;
  const [dead, moved] = [`https://gone-${run}.example/a/very/long/path/that/must/break/on/a/phone`, `https://moved-${run}.example/old`];
  const postId = await createPostCiting(await createMember({ lastName: "e2e-link-health" }), [
    { url: dead, state: "dead", archived: { url: `https://web.archive.org/web/20261001000000/${dead}`, at: "2026-10-01T00:00:00Z" } },
    { url: moved, state: "moved", movedTo: `https://moved-${run}.example/new` },
  ], { title });
  return { postId, title, dead, moved };
}

for (const [name, viewport] of Object.entries(widths)) {
  test(`${name}: a moderator finds dead and moved links with the posts citing them`, async ({ page }) => {
    const { postId, title, dead, moved } = await postWithBrokenLinks(name);
    await page.setViewportSize(viewport);
    await logIn(page, MODERATOR.email, MODERATOR.password);
    if (viewport.width >= 1280) {
      await header(page).getByRole("button", { name: "Moderator", exact: true }).click();
      await header(page).getByRole("link", { name: "Link health", exact: true }).click();
    } else {
      await page.goto("/admin/link-health");
    }
    await expect(page.getByRole("heading", { level: 1, name: "Link health" })).toBeVisible();

    const deadRow = page.getByRole("row").filter({ hasText: dead });
    await expect(deadRow).toContainText("Dead");
    await expect(deadRow).toContainText(`gone-`);
    await expect(deadRow.getByRole("link", { name: /^Archived copy \(/ })).toHaveAttribute("href", `https://web.archive.org/web/20261001000000/${dead}`);
    await expect(deadRow.getByRole("link", { name: title })).toHaveAttribute("href", `/posts/${postId}`);
    const movedRow = page.getByRole("row").filter({ hasText: moved });
    await expect(movedRow).toContainText("Moved to");
    await expect(movedRow.getByRole("link", { name: /\/new$/ })).toBeVisible();
    await expect(movedRow).toContainText("None");
    // Long addresses break rather than widen the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`link-health-${viewport.width}-${theme}.png`), fullPage: true });
    }

    await deadRow.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });
}

test("a visitor is asked to sign in for Link health", async ({ page }) => {
  await page.goto("/admin/link-health");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in Required" })).toBeVisible();
});
