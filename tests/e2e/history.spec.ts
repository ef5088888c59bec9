import { expect, type Page, test } from "../support/playwright.ts";
import { logIn } from "../support/browser-auth.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { api, createAdmin, createMember, postForm, validPostFields } from "../support/api.ts";
import { moderate } from "../support/moderate-menu.ts";

// A post's history in the browser, against the real local stack: an admin
// edits a published post with a note, and a visitor opens its History and
// compares that revision with the one before it; an admin hides an older
// revision's content, which visitors then see listed without it.

const ADMIN = { email: "admin@example.com", password: "archive-demo" };
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** A post submitted by a new member and approved through the API: its history starts with the approval. */
async function publishedPost(title: string, content: string): Promise<number> {
  const [author, approver] = await Promise.all([createMember({ lastName: "e2e-history" }), createAdmin()]);
  const created = await api<{ id: number }>("POST", "/api/posts", { token: author.token, form: postForm({ ...validPostFields, title, content }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const approved = await api("POST", `/api/admin/posts/${created.body.id}/approve`, { token: approver.token });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return created.body.id;
}

test.beforeEach(async ({ page }) => {
  // Only analytics may be stubbed.
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

test("an admin's edit with a note appears in the history, and a visitor compares it with the published version", async ({ page, browser }) => {
  const s = stamp();
  const title = `History ${s}`;
  const id = await publishedPost(title, "The first album was recorded in a barn over three weeks.");

  // The admin edits the post and says why.
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/posts/${id}`);
  await moderate(page, "Edit");
  const modal = page.getByRole("dialog", { name: "Edit post" });
  await modal.getByLabel("Title").fill(`${title}, revised`);
  await modal.getByLabel("Content (markdown)").fill("The debut album was recorded in a converted barn over three weeks.");
  await modal.getByLabel("Note for the history (optional)").fill("The band calls it their debut; the barn was converted.");
  await modal.getByRole("button", { name: "Save changes" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("heading", { name: `${title}, revised`, level: 1 })).toBeVisible();

  // A visitor follows the post's History link.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
  await visitor.goto(`/posts/${id}`);
  await visitor.getByRole("link", { name: "History", exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/posts/${id}/history$`));
  await expect(visitor.getByRole("heading", { name: "History", level: 1 })).toBeVisible();

  const revisions = visitor.getByRole("list", { name: "Revisions, newest first" }).getByRole("listitem");
  await expect(revisions).toHaveCount(2);
  await expect(revisions.nth(0)).toContainText("Edited by an admin");
  await expect(revisions.nth(0)).toContainText("“The band calls it their debut; the barn was converted.”");
  await expect(revisions.nth(0)).toContainText("Changed: Title, Content");
  await expect(revisions.nth(1)).toContainText("Published (written by Test e2e-history)");

  // Compare the edit with the version first published.
  await revisions.nth(0).getByRole("link", { name: "Compare with previous" }).click();
  await expect(visitor).toHaveURL(/\?revision=\d+$/);
  const heading = visitor.getByRole("heading", { name: /^Edited by an admin, / });
  await expect(heading).toBeFocused();
  const content = visitor.getByRole("group", { name: "Content change" });
  await expect(content.getByText("Previous revision")).toBeVisible();
  await expect(content.getByText("This revision")).toBeVisible();
  await expect(content.getByTestId("before-content").locator("del")).toHaveText(["first"]);
  await expect(content.getByTestId("after-content").locator("ins")).toHaveText(["debut", "converted "]);
  await expect(visitor.getByRole("group", { name: "Title change" }).getByTestId("after-title")).toHaveText(`${title}, revised`);
  await expect(visitor.getByRole("group")).toHaveCount(2);
  await expectNoSeriousAxeViolations(visitor);

  // The first revision is shown against nothing: every field as published.
  await visitor.getByRole("link", { name: "Close the comparison" }).click();
  await revisions.nth(1).getByRole("link", { name: "Show this version" }).click();
  await expect(visitor.getByRole("heading", { name: /^Published \(written by Test e2e-history\), / })).toBeFocused();
  await expect(visitor.getByRole("group", { name: "Content change" }).getByTestId("after-content")).toHaveText(
    "The first album was recorded in a barn over three weeks.",
  );
  await visitorContext.close();
});

test("an admin hides an older revision's content; a visitor sees the revision listed without it", async ({ page, browser }) => {
  const s = stamp();
  const title = `Hidden history ${s}`;
  const address = "The drummer lives at 12 Harm Street.";
  const id = await publishedPost(title, address);
  // The address is taken down by an admin's edit (the edit form is the first test's), leaving it in the first revision.
  const editor = await createAdmin();
  const edited = await api("PUT", `/api/posts/${id}`, { token: editor.token, form: postForm({ content: "The drummer lives in town.", note: "Removed an address." }) });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);

  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/posts/${id}/history`);
  const revisions = page.getByRole("list", { name: "Revisions, newest first" }).getByRole("listitem");
  await expect(revisions).toHaveCount(2);
  // The latest revision is the post as it stands: it stays public.
  await expect(revisions.nth(0).getByRole("button", { name: "Hide content" })).toHaveCount(0);
  await revisions.nth(1).getByRole("button", { name: "Hide content" }).click();
  const dialog = page.getByRole("dialog", { name: "Hide this revision's content" });
  const hide = dialog.getByRole("button", { name: "Hide content" });
  await expect(hide).toBeDisabled();
  await dialog.getByLabel("Reason (for the moderation log)").fill("Someone's home address.");
  await hide.click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, "The revision's content is hidden.")).toBeVisible();
  await expect(revisions.nth(1)).toContainText("Content hidden by an admin");
  await expect(revisions.nth(1).getByRole("button", { name: "Show content again" })).toBeVisible();

  // The admin still reads it, told that only admins do.
  await revisions.nth(1).getByRole("link", { name: "Show this version" }).click();
  await expect(page.getByText("Content hidden by an admin: only admins see it.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Content change" }).getByTestId("after-content")).toHaveText(address);

  // A visitor sees the revision, labelled, with nothing to open, and no comparison with it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
  await visitor.goto(`/posts/${id}/history`);
  const listed = visitor.getByRole("list", { name: "Revisions, newest first" }).getByRole("listitem");
  await expect(listed).toHaveCount(2);
  await expect(listed.nth(1)).toContainText("Published (written by Test e2e-history)");
  await expect(listed.nth(1)).toContainText("Content hidden by an admin");
  await expect(listed.nth(1).getByRole("link")).toHaveCount(0);
  await expect(listed.nth(1).getByRole("button")).toHaveCount(0);
  await listed.nth(0).getByRole("link", { name: "Compare with previous" }).click();
  await expect(visitor.getByText("The previous revision's content is hidden by an admin, so this revision cannot be compared with it.")).toBeVisible();
  await expect(visitor.getByRole("group")).toHaveCount(0);
  await expect(visitor.locator("body")).not.toContainText("Harm Street");
  await expectNoSeriousAxeViolations(visitor);
  await visitorContext.close();

  // The moderation log says who hid it and why.
  await page.goto("/admin/moderation-log");
  const logged = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) }).filter({ hasText: "Hid revision content" });
  await expect(logged).toHaveCount(1);
  await expect(logged).toContainText("Someone's home address.");
});

test("a pending post has no history for visitors", async ({ page }) => {
  const author = await createMember({ lastName: "e2e-history-pending" });
  const created = await api<{ id: number }>("POST", "/api/posts", { token: author.token, form: postForm({ ...validPostFields, title: `Pending ${stamp()}` }) });
  await page.goto(`/posts/${created.body.id}/history`);
  await expect(page.getByRole("alert")).toHaveText(/This post's history could not be found\./);
});
