import { expect, test } from "../support/playwright.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { createMember } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { header, logIn } from "../support/browser-auth.ts";

// The notifications page and comment permalinks, against the real local stack:
// a brand-new member and post, so no one else's notifications or comments show.

const memberPassword = "test-password-1";
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

test("a member reads their notifications on their page, follows one to its comment, marks all read and copies a comment's link", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const [member, commenter] = await Promise.all([createMember({ lastName: "e2e-page-owner" }), createMember({ lastName: "e2e-page-commenter" })]);
  const title = `Notified page ${stamp()}`;
  const postId = await createPost(member, { title });
  const hour = 60 * 60 * 1000;
  await createComment(commenter, postId, { content: "The older comment.", createdAt: new Date(Date.now() - 2 * hour).toISOString() });
  const newer = await createComment(commenter, postId, { content: "The newer comment.", createdAt: new Date(Date.now() - hour).toISOString() });
  const text = `Test e2e-page-commenter commented on your post “${title}”`;

  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, member.email, memberPassword);
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const items = page.getByTestId("notification");
  await expect(items).toHaveCount(2);
  await expect(items.getByText("Unread", { exact: true })).toHaveCount(2);
  await expect(page.getByText("2 unread.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Looking is not reading: the bell still counts both.
  await page.reload();
  await expect(header(page).getByRole("button", { name: "Notifications, 2 unread" })).toBeVisible();

  // The newest first; its link leads to the comment, highlighted and focused.
  await items.first().getByRole("link", { name: text }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${postId}#comment-${newer}$`));
  const linked = page.locator(`#comment-${newer}`);
  await expect(linked).toBeFocused();
  await expect(linked).toBeInViewport();
  await expect(linked).toHaveAttribute("aria-current", "location");
  await expect(header(page).getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();

  // Copy link puts the comment's permalink on the clipboard.
  await linked.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/posts/${postId}#comment-${newer}`, page.url()).href);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/notifications");
  await expect(items.getByText("Unread", { exact: true })).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("All read.")).toBeVisible();
  await expect(items.getByText("Unread", { exact: true })).toHaveCount(0);
  const bell = header(page).getByRole("button", { name: "Notifications", exact: true });
  await expect(bell).toBeVisible();
  await bell.click();
  // The header keeps its actions on one line; the bell's list wraps its texts within the panel.
  const inBell = header(page).getByRole("link", { name: new RegExp(`^${text}`) }).first();
  expect(await inBell.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
  await header(page).getByRole("link", { name: "See all notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(bell).toHaveAttribute("aria-expanded", "false");
});
