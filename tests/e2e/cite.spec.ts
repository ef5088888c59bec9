import { expect, test } from "../support/playwright.ts";
import { api, createAdmin, createMember } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";

// Cite on a published post: the dialog opens on APA, switches
// format, and copies the citation shown, which links to the current revision.

const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const widths = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } } as const;

for (const [name, viewport] of Object.entries(widths)) {
  test(`${name}: Cite opens the citation, switches format and copies it`, async ({ page, context }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const title = `E2E cited ${name} ${stamp()}`;
    const postId = await createPost(author, { status: "pending", title });
    expect((await api("POST", `/api/admin/posts/${postId}/approve`, { token: admin.token })).status).toBe(200);
    const [revision] = await sql<{ id: string }[]>`select id from public.post_revisions where post_id = ${postId} order by id desc limit 1`;
    const link = `/posts/${postId}/history?revision=${revision.id}`;

    await page.setViewportSize(viewport);
    await page.goto(`/posts/${postId}`);
    await page.getByRole("button", { name: "Cite" }).click();
    const dialog = page.getByRole("dialog", { name: "Cite this post" });
    await expect(dialog.getByRole("radio", { name: "APA" })).toBeChecked();
    const apa = dialog.getByLabel("APA citation");
    await expect(apa).toContainText(title);
    await expect(apa).toContainText(link);

    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      // Axe reads the colours once the page has switched theme, not halfway.
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
      await dialog.screenshot({ path: testInfo.outputPath(`cite-${name}-${theme}.png`) });
    }

    await dialog.getByRole("radio", { name: "BibTeX" }).click();
    const bibtex = dialog.getByLabel("BibTeX citation");
    await expect(bibtex).toContainText("@misc{");
    await expect(bibtex).toContainText(`url = {`);
    await expect(bibtex).toContainText(link);
    await dialog.getByRole("button", { name: "Copy BibTeX" }).click();
    await expect(page.getByText("BibTeX citation copied to clipboard")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await bibtex.textContent());

    // Nothing is wider than a phone's screen, long addresses included.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
}

test("a post waiting for review offers no Cite, even to an admin", async ({ page }) => {
  const author = await createMember();
  const postId = await createPost(author, { status: "pending", title: `E2E not cited ${stamp()}` });
  await logIn(page, "admin@example.com", "archive-demo");
  await page.goto(`/posts/${postId}`);
  await expect(page.getByText("Waiting for review")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cite" })).toHaveCount(0);
});
