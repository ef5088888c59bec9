import { expect, test } from "../support/playwright.ts";
import { createComment } from "../support/fixtures.ts";
import { api, createAdmin, createMember, postForm, validPostFields } from "../support/api.ts";
import { header, logIn } from "../support/browser-auth.ts";

// Notifications in the browser against the real local stack: a brand-new
// member per test (nobody else's notifications can reach them), the events
// made through the API, nothing mocked.

const memberPassword = "test-password-1";
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

test("a visitor has no bell", async ({ page }) => {
  await page.goto("/");
  await expect(header(page).getByRole("button", { name: "Log in", exact: true })).toBeVisible();
  await expect(header(page).getByRole("button", { name: /^Notifications/ })).toHaveCount(0);
});

test("a member hears that their post was published, and of a reply to their comment", async ({ page }) => {
  const [member, admin, replier] = await Promise.all([
    createMember({ lastName: "e2e-notified" }),
    createAdmin(),
    createMember({ lastName: "e2e-replier" }),
  ]);
  const title = `Notified ${stamp()}`;
  const submitted = await api<{ id: number }>("POST", "/api/posts", { token: member.token, form: postForm({ ...validPostFields, title }) });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  const postId = submitted.body.id;
  expect((await api("POST", `/api/admin/posts/${postId}/approve`, { token: admin.token })).status).toBe(200);

  await logIn(page, member.email, memberPassword);
  const unreadBell = header(page).getByRole("button", { name: "Notifications, 1 unread" });
  await expect(unreadBell).toBeVisible();
  await expect(unreadBell).toContainText("1");
  await unreadBell.click();
  await expect(header(page).getByRole("link", { name: new RegExp(`^Your post ${title} was published`) })).toBeVisible();
  // Showing it was reading it.
  const readBell = header(page).getByRole("button", { name: "Notifications", exact: true });
  await expect(readBell).toBeVisible();
  await expect(readBell).not.toContainText(/\d/);
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(readBell).toBeVisible();

  const parentId = await createComment(member, postId, { content: "My first comment." });
  const reply = await api("POST", `/api/posts/${postId}/comments`, { token: replier.token, json: { content: "A reply.", parentId } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  await page.reload();
  await header(page).getByRole("button", { name: "Notifications, 1 unread" }).click();
  await header(page).getByRole("link", { name: /^Test e2e-replier replied to your comment/ }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${postId}#comment-${reply.body.comment.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // The link leads to the reply itself, scrolled into view once the comments load.
  await expect(page.locator(`#comment-${reply.body.comment.id}`)).toBeInViewport();
  await expect(header(page).getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
});
