import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "../support/playwright.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createMember, postForm, type SignedInUser, validPostFields } from "../support/api.ts";
import { header, logIn } from "../support/browser-auth.ts";
import { loadUntilShown, toHeadOfReviewQueue } from "../support/review-queue.ts";

// Contributors see what became of their work, against the real local stack;
// nothing is mocked. Every test makes its own members and posts.

const ADMIN = { email: "admin@example.com", password: "archive-demo" };
const PASSWORD = "test-password-1";
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email, password);
  return page;
}

async function submitPendingPost(author: SignedInUser, title: string): Promise<number> {
  const res = await api<{ id: number }>("POST", "/api/posts", { token: author.token, form: postForm({ ...validPostFields, title }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

test("rejected with a reason: the author reads it on My contributions and on the post; nobody else can open the post", async ({ browser }) => {
  const s = stamp();
  const author = await createMember({ lastName: `e2e-contributor-${s}` });
  const rejectedTitle = `E2E rejected ${s}`;
  const pendingTitle = `E2E still pending ${s}`;
  const rejectedId = await submitPendingPost(author, rejectedTitle);
  const pendingId = await createPost(author, { title: pendingTitle, status: "pending" });
  const editedTitle = `E2E edited ${s}`;
  const editedId = await createPost(await createMember(), { title: editedTitle });
  const suggested = await api("POST", `/api/posts/${editedId}/suggestions`, {
    token: author.token,
    json: { excerpt: "A different excerpt", summary: `My edit ${s}` },
  });
  expect(suggested.status).toBe(201);

  // The admin rejects both, each with a reason.
  // At the head of the queue, the fixture dated before the submission (a later call dates earlier).
  await toHeadOfReviewQueue(rejectedTitle, `My edit ${s}`);
  await toHeadOfReviewQueue(pendingTitle);
  const admin = await signedInPage(browser, ADMIN.email, ADMIN.password);
  await admin.goto("/admin/review");
  const card = await loadUntilShown(admin, admin.getByRole("article", { name: rejectedTitle }));
  await card.getByRole("button", { name: "Deny", exact: true }).click();
  await card.getByLabel("Reason for rejecting (optional)").fill("Please add a source for the date.");
  await card.getByRole("button", { name: "Reject post", exact: true }).click();
  await expect(toast(admin, "Post rejected successfully!")).toBeVisible();
  await admin.getByRole("tab", { name: /^Edit Suggestions \(\d+\)$/ }).click();
  const editCard = await loadUntilShown(admin, admin.getByRole("article").filter({ hasText: `My edit ${s}` }));
  await editCard.getByRole("button", { name: "Reject", exact: true }).click();
  await editCard.getByLabel("Reason for rejecting (optional)").fill("The excerpt was accurate.");
  await editCard.getByRole("button", { name: "Reject suggestion", exact: true }).click();
  await expect(toast(admin, "Suggestion rejected.")).toBeVisible();

  // The author finds both on My contributions, from the user menu.
  const page = await signedInPage(browser, author.email, PASSWORD);
  await header(page).getByRole("button", { name: /^Account menu for / }).click();
  await header(page).getByRole("link", { name: "My contributions" }).click();
  await expect(page.getByRole("heading", { name: "My contributions", level: 1 })).toBeVisible();
  const posts = page.getByRole("region", { name: "Your posts" }).getByRole("listitem");
  await expect(posts).toHaveCount(2);
  // Newest first: the submission, then the fixture, dated before it.
  await expect(posts.nth(0)).toContainText(rejectedTitle);
  await expect(posts.nth(0)).toContainText("Rejected");
  await expect(posts.nth(0)).toContainText("Reason: Please add a source for the date.");
  await expect(posts.nth(1)).toContainText(pendingTitle);
  await expect(posts.nth(1)).toContainText("Pending review");
  const edit = page.getByRole("region", { name: "Your edit suggestions" }).getByRole("listitem");
  await expect(edit).toHaveCount(1);
  await expect(edit).toContainText(editedTitle);
  await expect(edit).toContainText("Rejected");
  await expect(edit).toContainText("Reason: The excerpt was accurate.");

  // Their rejected post opens, with a banner that says why.
  await posts.nth(0).getByRole("link", { name: rejectedTitle }).click();
  await expect(page.getByRole("heading", { name: rejectedTitle, level: 1 })).toBeVisible();
  const banner = page.getByRole("status").filter({ hasText: "This post was not accepted." });
  await expect(banner).toContainText("Rejected.");
  await expect(banner).toContainText("Reason: Please add a source for the date.");
  await page.goto(`/posts/${pendingId}`);
  await expect(page.getByRole("status").filter({ hasText: "Pending review." })).toContainText("The moderators review every post before it appears");

  // Another member and a visitor get "Post not found" for both.
  const other = await createMember();
  const stranger = await signedInPage(browser, other.email, PASSWORD);
  const visitor = await (await browser.newContext()).newPage();
  for (const viewer of [stranger, visitor]) {
    for (const id of [rejectedId, pendingId]) {
      await viewer.goto(`/posts/${id}`);
      await expect(viewer.getByRole("heading", { name: "Post not found" })).toBeVisible();
    }
  }
});

test("My contributions asks a visitor to log in", async ({ page }) => {
  await page.goto("/me");
  await expect(page.getByRole("heading", { name: "My contributions", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
});

test.describe("drafts are never lost", () => {
  test("what was typed survives a reload and a refused submission, until it is discarded", async ({ page }) => {
    const member = await createMember();
    // A post a moment ago starts the 5-minute cooldown, so the form's submission is refused.
    await submitPendingPost(member, `E2E first ${stamp()}`);
    await logIn(page, member.email, PASSWORD);
    await page.goto("/create-post");
    const form = page.getByRole("form", { name: "Create post" });
    await expect(form.getByText("Draft saved on this device.")).toHaveCount(0);
    await form.getByLabel("Title", { exact: true }).fill("My unsent draft");
    await form.getByLabel("Lead summary").fill("A lead worth keeping.");
    await form.getByLabel("Content (Markdown)").fill("Long **content** I typed.");
    await form.getByLabel("Info box title").fill("Half a box");
    await expect(form.getByText("Draft saved on this device.")).toBeVisible();
    await expect(form).toContainText("Media files cannot be saved");

    await page.reload();
    await expect(form.getByLabel("Title", { exact: true })).toHaveValue("My unsent draft");
    await expect(form.getByLabel("Content (Markdown)")).toHaveValue("Long **content** I typed.");
    await expect(form.getByLabel("Info box title")).toHaveValue("Half a box");

    await form.getByRole("button", { name: "Create Entry" }).click();
    await expect(form.getByRole("alert")).toContainText("Please wait 5 minutes before posting again.");
    await page.reload();
    await expect(form.getByLabel("Lead summary")).toHaveValue("A lead worth keeping.");

    await form.getByRole("button", { name: "Discard draft" }).click();
    await expect(form.getByLabel("Title", { exact: true })).toHaveValue("");
    await expect(form.getByText("Draft saved on this device.")).toHaveCount(0);
    await page.reload();
    await expect(form.getByLabel("Title", { exact: true })).toHaveValue("");
    await expect(form.getByLabel("Info box title")).toHaveValue("");
  });

  test("a sent post leaves no draft behind", async ({ page }) => {
    const member = await createMember();
    await logIn(page, member.email, PASSWORD);
    await page.goto("/create-post");
    const form = page.getByRole("form", { name: "Create post" });
    await form.getByLabel("Title", { exact: true }).fill(`E2E sent ${stamp()}`);
    await form.getByLabel("Lead summary").fill("Lead");
    await form.getByLabel("Content (Markdown)").fill("Content");
    await form.getByRole("button", { name: "Create Entry" }).click();
    await expect(toast(page, "Post submitted for review!")).toBeVisible();
    await page.goto("/create-post");
    await expect(form.getByLabel("Title", { exact: true })).toHaveValue("");
    await expect(form.getByText("Draft saved on this device.")).toHaveCount(0);
  });
});

test("leaving: a member downloads their data, deletes their account by typing its e-mail, and cannot sign in again", async ({ page }) => {
  const member = await createMember({ lastName: `e2e-leaver-${stamp()}` });
  const postTitle = `E2E outlives its author ${stamp()}`;
  const postId = await createPost(member, { title: postTitle });
  await logIn(page, member.email, PASSWORD);
  await page.goto("/account");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^archive-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(exported.account.email).toBe(member.email);
  expect(exported.posts.map((p: { title: string }) => p.title)).toEqual([postTitle]);

  const form = page.getByRole("form", { name: "Delete my account" });
  await expect(form).toContainText('stay in the archive under "Deleted user"');
  const confirm = form.getByLabel("Type your e-mail address to confirm");
  const remove = form.getByRole("button", { name: "Delete my account" });
  await confirm.fill("someone-else@example.com");
  await expect(remove).toBeDisabled();
  await confirm.fill(member.email);
  await remove.click();
  await expect(toast(page, "Your account has been deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole("button", { name: "Log in", exact: true })).toBeVisible();

  await page.goto(`/posts/${postId}`);
  await expect(page.getByRole("heading", { name: postTitle, level: 1 })).toBeVisible();
  await expect(page.getByText("By Deleted user")).toBeVisible();

  await header(page).getByRole("button", { name: "Log in", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log in", exact: true });
  await dialog.getByLabel("E-mail").fill(member.email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Log in", exact: true })).toBeVisible();
});

test("the Privacy Policy says published content stays under \"Deleted user\"", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByText('shown under "Deleted user"')).toBeVisible();
});
