import { expect, test } from "../support/playwright.ts";
import { createMember } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";
import { createPost } from "../support/fixtures.ts";

// The team's controls on a post: the reader's actions stay in view, and
// moderation sits in one Moderate menu, a keyboard-usable menu button with
// Delete last, set apart.

const ADMIN = { email: "admin@example.com", password: "archive-demo" };
const widths = [{ width: 360, height: 740 }, { width: 1280, height: 800 }];

test("an admin's post toolbar: Share, Cite and Suggest Edit in view, moderation in one Moderate menu", async ({ page }) => {
  // Four axe scans: more than the default minute on a busy machine.
  test.slow();
  const author = await createMember({ lastName: "e2e-moderate-menu" });
  const postId = await createPost(author, { title: `E2E moderate menu ${Date.now().toString(36)}` });
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/posts/${postId}`);
  const button = page.getByRole("button", { name: "Moderate", exact: true });
  const menu = page.getByRole("menu", { name: "Moderate" });

  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    for (const action of ["Share", "Cite", "Suggest Edit"]) await expect(page.getByRole("button", { name: action, exact: true })).toBeVisible();
    await expect(button).toHaveAttribute("aria-haspopup", "menu");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    // No moderation button outside the menu.
    for (const action of ["Pin", "Mark important", "Delete", "Edit"]) await expect(page.getByRole("button", { name: action, exact: true })).toHaveCount(0);
    // The menu's button follows the reader's actions: on their line on a laptop, at most the next one on a phone.
    const [share, moderate] = [await page.getByRole("button", { name: "Share", exact: true }).boundingBox(), await button.boundingBox()];
    expect(moderate!.y - share!.y).toBeLessThan(viewport.width > 600 ? 4 : 2 * share!.height);

    // Keyboard: Enter opens on the first item, the arrows and End move, Escape closes and gives focus back.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const items = menu.getByRole("menuitem");
    await expect(items).toHaveText(["Edit", "Pin", "Mark important", "Suspend author", "Delete"]);
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(items.last()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.first()).toBeFocused();
    // Delete is last, after a separator.
    await expect(menu.locator('[role="separator"] + [role="menuitem"]')).toHaveText("Delete");
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `/tmp/shots/sources/moderate-menu-${viewport.width}-${theme}.png` });
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // Space and Arrow Up open it too (Arrow Up on the last item); a press outside closes it.
    await page.keyboard.press("ArrowUp");
    await expect(items.last()).toBeFocused();
    await page.mouse.click(5, 5);
    await expect(menu).toBeHidden();
    await button.focus();
    await page.keyboard.press(" ");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("Escape");

    // Choosing an item closes the menu; a dialog it opens gives focus back to the button.
    await button.click();
    await items.filter({ hasText: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete post" });
    await expect(confirm).toBeVisible();
    await expect(menu).toBeHidden();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(button).toBeFocused();
  }
});
