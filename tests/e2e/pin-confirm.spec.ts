import { expect, test } from "../support/playwright.ts";
import { api, createAdmin } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";
import { createPost } from "../support/fixtures.ts";
import { moderate, moderationItems } from "../support/moderate-menu.ts";

// One post is pinned at a time: pinning another asks first, naming the post
// that stops being pinned; Cancel leaves both as they were.

const ADMIN = { email: "admin@example.com", password: "archive-demo" };
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const widths = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } } as const;

for (const [name, viewport] of Object.entries(widths)) {
  test(`${name}: pinning a post while another is pinned asks first, naming the pinned one`, async ({ page }) => {
    const admin = await createAdmin();
    const pinnedTitle = `E2E pinned ${name} ${stamp()}`;
    const pinnedId = await createPost(admin, { title: pinnedTitle });
    const nextId = await createPost(admin, { title: `E2E to pin ${name} ${stamp()}` });
    expect((await api("POST", `/api/posts/${pinnedId}/pin`, { token: admin.token })).status).toBe(200);

    await page.setViewportSize(viewport);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/posts/${nextId}`);
    const dialog = page.getByRole("dialog", { name: "Replace the pinned post?" });

    await moderate(page, "Pin");
    await expect(dialog).toContainText(`“${pinnedTitle}” is pinned now. Pinning this post unpins it.`);
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      // Axe reads the colours once the page has switched theme, not halfway.
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
    }
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await api("GET", "/api/posts")).body.pinnedPost?.id).toBe(pinnedId);

    await moderate(page, "Pin");
    await dialog.getByRole("button", { name: "Pin this post" }).click();
    await expect.poll(() => moderationItems(page)).toContain("Unpin");
    expect((await api("GET", "/api/posts", { token: admin.token })).body.pinnedPost?.id).toBe(nextId);

    // Unpinning asks nothing.
    await moderate(page, "Unpin");
    await expect.poll(() => moderationItems(page)).toContain("Pin");
    await expect(dialog).toHaveCount(0);
  });
}
