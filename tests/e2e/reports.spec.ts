import { expect, test, type Page } from "../support/playwright.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember } from "../support/api.ts";
import { logIn } from "../support/browser-auth.ts";
import { loadUntilShown } from "../support/review-queue.ts";

// Reports and suspensions in the browser against the real local stack,
// nothing mocked. Every test makes its own members, posts and comments (other
// suites share the database) and looks only at those: the Reports tab's count
// is checked for its form, not its number.

const PASSWORD = "test-password-1";
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function reportComment(page: Page, commentId: number, reason: string) {
  await page.getByRole("button", { name: `Report comment ${commentId}` }).click();
  const dialog = page.getByRole("dialog", { name: "Report this comment" });
  await dialog.getByRole("radio", { name: reason }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  return dialog;
}

test("a member reports a comment once; the admin sees it under Reports and dismisses it", async ({ page, browser }) => {
  const title = `Reported in the browser ${stamp()}`;
  const [author, reporter, admin] = await Promise.all([
    createMember({ lastName: "e2e-reported" }),
    createMember({ lastName: "e2e-reporter" }),
    createAdmin({ lastName: "e2e-reports-admin" }),
  ]);
  const postId = await createPost(author, { title });
  const commentId = await createComment(author, postId, { content: "You are all idiots." });

  await logIn(page, reporter.email, PASSWORD);
  await page.goto(`/posts/${postId}`);
  const dialog = await reportComment(page, commentId, "Harassment");
  await expect(dialog).toBeHidden();
  await expect(toast(page, "Thank you. The admins will look at your report.")).toBeVisible();

  // Once per item: the second report is refused with the server's words, and the dialog stays open.
  const again = await reportComment(page, commentId, "Spam");
  await expect(again.getByRole("alert")).toHaveText("You have already reported this comment. The admins will look at it.");
  await again.getByRole("button", { name: "Cancel" }).click();

  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, admin.email, PASSWORD);
  await adminPage.goto("/admin/review");
  const tab = adminPage.getByRole("tab", { name: /^Reports \(\d+\)$/ });
  await tab.click();
  const card = adminPage.getByRole("article").filter({ hasText: title });
  await loadUntilShown(adminPage, card);
  await expect(card).toContainText("You are all idiots.");
  await expect(card).toContainText("By Test e2e-reported");
  await expect(card).toContainText("1 report");
  await expect(card.getByRole("list", { name: "Reasons" })).toContainText("Harassment × 1");
  await expect(card.getByRole("link", { name: title })).toHaveAttribute("href", `/posts/${postId}#comments`);

  await card.getByRole("button", { name: "Dismiss" }).click();
  await expect(toast(adminPage, "1 report dismissed.")).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("a visitor is asked to sign in before reporting", async ({ page }) => {
  const author = await createMember({ lastName: "e2e-unreported" });
  const postId = await createPost(author, { title: `Not reported ${stamp()}` });
  await page.goto(`/posts/${postId}`);
  await page.getByRole("button", { name: "Report this post" }).click();
  await expect(toast(page, "Please sign in to report a post.")).toBeVisible();
});

test("an admin suspends the author of a comment; the member reads, told until when, with no comment box until it is lifted", async ({ page, browser }) => {
  const title = `Suspension in the browser ${stamp()}`;
  const [author, troll, admin] = await Promise.all([
    createMember({ lastName: "e2e-host" }),
    createMember({ lastName: `e2e-troll-${stamp()}` }),
    createAdmin({ lastName: "e2e-suspending-admin" }),
  ]);
  const postId = await createPost(author, { title });
  const commentId = await createComment(troll, postId, { content: "Spam spam spam." });

  await logIn(page, admin.email, PASSWORD);
  await page.goto(`/posts/${postId}`);
  await page.getByRole("button", { name: `Suspend the author of comment ${commentId}` }).click();
  const dialog = page.getByRole("dialog", { name: `Suspend Test ${troll.lastName}` });
  await dialog.getByLabel("For how long").selectOption("7");
  await dialog.getByLabel("Reason (the member sees it)").fill("Spam in the comments");
  await dialog.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(toast(page, "The member is suspended.")).toBeVisible();
  await expect(dialog).toBeHidden();

  const until = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });
  const memberPage = await (await browser.newContext()).newPage();
  await logIn(memberPage, troll.email, PASSWORD);
  await memberPage.goto(`/posts/${postId}`);
  await expect(memberPage.getByRole("heading", { name: title })).toBeVisible();
  // Told on the page, not by a write that fails: until when and why, and no comment box.
  await expect(memberPage.getByRole("region", { name: new RegExp(`^Your account is suspended until ${until}`) })).toContainText(
    "Reason: Spam in the comments",
  );
  await expect(memberPage.getByText("You cannot comment, reply or vote while your account is suspended.")).toBeVisible();
  await expect(memberPage.getByPlaceholder("Share your thoughts…")).toHaveCount(0);

  // The admin sees the suspension where they gave it, and lifts it; the member comments again.
  const comment = page.locator(`#comment-${commentId}`);
  await expect(comment).toContainText(`is suspended until ${until}`);
  await comment.getByRole("button", { name: /^Lift the suspension/ }).click();
  await expect(toast(page, "The suspension is lifted.")).toBeVisible();
  await expect(comment.getByRole("button", { name: `Suspend the author of comment ${commentId}` })).toBeVisible();
  await memberPage.reload();
  await memberPage.getByPlaceholder("Share your thoughts…").fill("Still here!");
  await memberPage.getByRole("button", { name: "Post Comment" }).click();
  await expect(memberPage.getByText("Still here!")).toBeVisible();
});

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width}×${viewport.height}: the Reports tab shows a reported author's suspension, with Lift, where 'Suspend author' was`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const title = `Reported and suspended ${stamp()}`;
    const [author, troll, reporter, admin] = await Promise.all([
      createMember({ lastName: "e2e-queue-host" }),
      createMember({ lastName: `e2e-queue-troll-${stamp()}` }),
      createMember({ lastName: "e2e-queue-reporter" }),
      createAdmin({ lastName: "e2e-queue-admin" }),
    ]);
    const postId = await createPost(author, { title });
    const commentId = await createComment(troll, postId, { content: "Buy my stuff." });
    expect((await api("POST", `/api/comments/${commentId}/report`, { token: reporter.token, json: { reason: "spam" } })).status).toBe(201);
    const suspended = await api("POST", `/api/admin/users/${troll.id}/suspend`, {
      token: admin.token,
      json: { until: "2036-11-30T12:00:00Z", reason: "Spam" },
    });
    expect(suspended.status).toBe(200);

    await logIn(page, admin.email, PASSWORD);
    await page.goto("/admin/review");
    await page.getByRole("tab", { name: /^Reports \(\d+\)$/ }).click();
    const card = page.getByRole("article").filter({ hasText: title });
    await loadUntilShown(page, card);
    await expect(card).toContainText(`Test ${troll.lastName} is suspended until`);
    await expect(card.getByRole("button", { name: `Suspend the author of comment ${commentId}` })).toHaveCount(0);
    await card.getByRole("button", { name: /^Lift the suspension/ }).click();
    await expect(toast(page, "The suspension is lifted.")).toBeVisible();
    await expect(card.getByRole("button", { name: `Suspend the author of comment ${commentId}` })).toBeVisible();
  });
}
