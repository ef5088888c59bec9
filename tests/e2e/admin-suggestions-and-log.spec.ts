import { expect, test } from "../support/playwright.ts";
import { api, createAdmin, createMember } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";
import { createComment, createPost } from "../support/fixtures.ts";

// The suggestion box's status (marked reviewed, filtered) and the moderation
// log's words for a deleted comment, as the seeded admin sees them.

const ADMIN = { email: "admin@example.com", password: "archive-demo" };
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const widths = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } } as const;

for (const [name, viewport] of Object.entries(widths)) {
  test(`${name}: an admin marks a suggestion reviewed and new again, and filters the list by status`, async ({ page }) => {
    const member = await createMember({ lastName: "e2e-box" });
    const text = `E2E mark me ${name} ${stamp()}`;
    expect((await api("POST", "/api/suggestions", { token: member.token, json: { suggestion: text } })).status).toBe(201);

    await page.setViewportSize(viewport);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/admin/suggestions");
    const item = page.getByRole("listitem").filter({ hasText: text });
    await expect(item).toContainText("new");

    await item.getByRole("button", { name: "Mark reviewed" }).click();
    await expect(item.getByRole("button", { name: "Mark as new" })).toBeVisible();
    await expect(item).toContainText("reviewed");

    const show = page.getByRole("group", { name: "Show" });
    await show.getByRole("radio", { name: "New" }).check();
    await expect(page.getByRole("listitem").filter({ hasText: text })).toHaveCount(0);
    await show.getByRole("radio", { name: "Reviewed" }).check();
    await expect(item).toBeVisible();
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
    }

    await item.getByRole("button", { name: "Mark as new" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: text })).toHaveCount(0);
    await show.getByRole("radio", { name: "New" }).check();
    await expect(item.getByRole("button", { name: "Mark reviewed" })).toBeVisible();
  });

  test(`${name}: the moderation log names whose comment was deleted and how it began`, async ({ page }) => {
    const [admin, writer] = await Promise.all([createAdmin(), createMember({ lastName: `e2e-log-${stamp()}` })]);
    const postId = await createPost(admin, { title: `E2E log ${name} ${stamp()}` });
    const words = `Deleted words ${stamp()} about the encore`;
    const commentId = await createComment(writer, postId, { content: words });
    expect((await api("DELETE", `/api/comments/${commentId}`, { token: admin.token })).status).toBe(200);

    await page.setViewportSize(viewport);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/admin/moderation-log");
    const row = page.getByRole("row").filter({ hasText: words });
    await expect(row).toContainText("Deleted comment");
    await expect(row).toContainText(`By ${writer.firstName} ${writer.lastName}: “${words}”`);
    // The same long date as the other admin pages.
    await expect(row.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}( at \d{1,2}:\d{2} [AP]M)?$/);
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
    }
  });
}
