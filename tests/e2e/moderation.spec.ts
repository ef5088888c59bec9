import { expect, test, type Page } from "../support/playwright.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, postForm, type SignedInUser, validPostFields } from "../support/api.ts";
import { openAdminPage } from "../support/browser-auth.ts";
import { file, pngImage } from "../support/media-fixtures.ts";
import { loadUntilShown, toHeadOfReviewQueue } from "../support/review-queue.ts";
import { moderate, moderationItems } from "../support/moderate-menu.ts";

// Moderation in the browser, as the seeded admin, against the real
// local stack. Nothing is mocked; every test creates its own posts,
// suggestions and comments (other suites write to the same database) and
// asserts on those, never on the seed's counts.

const ADMIN = { email: "admin@example.com", password: "archive-demo" };
const MEMBER = { email: "member@example.com", password: "archive-demo" };
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const header = (page: Page) => page.getByRole("banner");

async function logIn(page: Page, who = ADMIN) {
  await page.goto("/");
  await header(page).getByRole("button", { name: "Log in", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log in", exact: true });
  await dialog.getByLabel("E-mail").fill(who.email);
  await dialog.getByLabel("Password").fill(who.password);
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(header(page).getByRole("link", { name: "Post", exact: true })).toBeVisible();
}

/** A pending post submitted through the API by a brand-new member (one post per member: the 5-minute cooldown). */
async function submitPendingPost(title: string, withImage = false): Promise<number> {
  const member = await createMember({ lastName: "e2e-mod" });
  const media = withImage ? [file(pngImage(6, 6), "e2e.png", "image/png")] : [];
  const res = await api<{ id: number }>("POST", "/api/posts", {
    token: member.token,
    form: postForm({ ...validPostFields, title, content: `Body of **${title}**` }, media),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function publicPost(id: number) {
  return api<{ post: Record<string, unknown>; infoBoxes: unknown[] }>("GET", `/api/posts/${id}`);
}

/** The toast (sonner) with this text. */
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function confirmDialog(page: Page, message: string) {
  const dialog = page.getByRole("dialog").filter({ hasText: message });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe("refusals", () => {
  test("a visitor sees 'Sign in Required' on every admin screen", async ({ page }) => {
    for (const path of ["/admin/review", "/admin/suggestions", "/admin/moderation-log"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Sign in Required" })).toBeVisible();
      await expect(page.getByRole("tab")).toHaveCount(0);
    }
  });

  test("a member sees 'Access Denied' on every admin screen", async ({ page }) => {
    await logIn(page, MEMBER);
    for (const path of ["/admin/review", "/admin/suggestions", "/admin/moderation-log"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
      await expect(page.getByText("You must be an admin to access this page.")).toBeVisible();
      await expect(page.getByRole("tab")).toHaveCount(0);
    }
  });
});

test("the admin accepts one pending post and denies another; both leave the list, the accepted one is public", async ({ page }) => {
  const s = stamp();
  const acceptTitle = `E2E accept ${s}`;
  const denyTitle = `E2E deny ${s}`;
  const acceptId = await submitPendingPost(acceptTitle, true);
  const denyId = await submitPendingPost(denyTitle);
  expect((await publicPost(acceptId)).status).toBe(404);

  await toHeadOfReviewQueue(acceptTitle, denyTitle);
  await logIn(page);
  await openAdminPage(page, "Review");
  await expect(page.getByRole("heading", { name: "Review", level: 1, exact: true })).toBeVisible();
  const postsTab = page.getByRole("tab", { name: /^New Posts \(\d+\)$/ });
  await expect(postsTab).toHaveAttribute("aria-selected", "true");
  const before = Number((await postsTab.textContent())!.match(/\((\d+)\)/)![1]);
  expect(before).toBeGreaterThanOrEqual(2);

  // Expand: every field of the pending post, the content rendered and raw, its media.
  const accept = await loadUntilShown(page, page.getByRole("article", { name: acceptTitle }));
  await accept.getByRole("button", { name: "Show details" }).click();
  await expect(accept.getByRole("button", { name: "Hide details" })).toHaveAttribute("aria-expanded", "true");
  for (const label of ["Author", "Post type", "Not safe for work", "Tags", "Excerpt"]) {
    await expect(accept.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await expect(accept.locator("strong", { hasText: acceptTitle }).first()).toBeVisible(); // rendered markdown
  await accept.getByText("Content as written (Markdown)").click();
  await expect(accept.locator("pre")).toContainText(`Body of **${acceptTitle}**`); // raw markdown
  await expect(accept.getByRole("img", { name: /^Image / })).toBeVisible();

  // The author can be suspended from the queue too: the dialog names them.
  await accept.getByRole("button", { name: /^Suspend the author of post / }).click();
  await expect(page.getByRole("dialog")).toContainText(/Suspend /);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await accept.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(toast(page, "Post approved successfully!")).toBeVisible();
  await expect(accept).toHaveCount(0);

  const deny = await loadUntilShown(page, page.getByRole("article", { name: denyTitle }));
  await deny.getByRole("button", { name: "Deny", exact: true }).click();
  await deny.getByRole("button", { name: "Reject post", exact: true }).click();
  await expect(toast(page, "Post rejected successfully!")).toBeVisible();
  await expect(deny).toHaveCount(0);

  // Public now (and only the accepted one).
  const approved = await publicPost(acceptId);
  expect(approved.status).toBe(200);
  expect(approved.body.post.title).toBe(acceptTitle);
  expect((await publicPost(denyId)).status).toBe(404);
  await page.goto(`/posts/${acceptId}`);
  await expect(page.getByRole("heading", { name: acceptTitle, level: 1 })).toBeVisible();

  // The moderation log names both actions, linking the post that still exists.
  await openAdminPage(page, "Log");
  await expect(page.getByRole("heading", { name: "Moderation log", level: 1 })).toBeVisible();
  const acceptRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: acceptTitle }) });
  await expect(acceptRow).toContainText("Approved post");
  await expect(acceptRow.getByRole("link", { name: acceptTitle })).toHaveAttribute("href", `/posts/${acceptId}`);
  await expect(page.getByRole("row").filter({ hasText: "Rejected post" }).first()).toBeVisible();
  // Paged: Load more appends older entries.
  const rows = page.getByRole("row");
  const shown = await rows.count();
  const more = page.getByRole("button", { name: "Load more" });
  if (await more.isVisible()) {
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(shown);
  }
});

test("the admin applies one edit suggestion and rejects another; the post changes only in the suggested fields", async ({ page }) => {
  const s = stamp();
  const author = await createMember({ lastName: "e2e-author" });
  const suggester = await createMember({ lastName: "e2e-suggester" });
  const applyTitle = `E2E suggestion target ${s}`;
  const longContent = "The first full-length album was recorded in a converted barn over three weeks in early spring.";
  const applyId = await createPost(author, { title: applyTitle, excerpt: "Kept excerpt", content: longContent, tags: ["keep", "tags"] });
  const rejectTitle = `E2E suggestion rejected ${s}`;
  const rejectId = await createPost(author, { title: rejectTitle, excerpt: "Original excerpt" });

  const suggest = (postId: number, json: Record<string, unknown>) =>
    api("POST", `/api/posts/${postId}/suggestions`, { token: suggester.token, json });
  const newTitle = `E2E suggestion applied ${s}`;
  const newContent = "The first full-length album was recorded in a converted stone barn over three weeks in early spring.";
  expect((await suggest(applyId, { title: newTitle, content: newContent, summary: `Apply me ${s}` })).status).toBe(201);
  expect((await suggest(rejectId, { excerpt: "A worse excerpt", summary: `Reject me ${s}` })).status).toBe(201);

  await toHeadOfReviewQueue(`Apply me ${s}`, `Reject me ${s}`);
  await logIn(page);
  await page.goto("/admin/review");
  await page.getByRole("tab", { name: /^Edit Suggestions \(\d+\)$/ }).click();

  const applyCard = await loadUntilShown(page, page.getByRole("article").filter({ hasText: `Apply me ${s}` }));
  await expect(applyCard.getByRole("link", { name: applyTitle })).toHaveAttribute("href", `/posts/${applyId}`);
  await expect(applyCard).toContainText("Test e2e-suggester");
  // Only the changed fields, side by side; the long text with a word-level diff.
  await expect(applyCard.getByRole("group", { name: /change$/ })).toHaveCount(2);
  await expect(applyCard.getByRole("group", { name: "Title change" })).toContainText(applyTitle);
  await expect(applyCard.getByRole("group", { name: "Title change" })).toContainText(newTitle);
  const content = applyCard.getByRole("group", { name: "Content change" });
  await expect(content.locator("ins")).toHaveText(["stone "]);
  await expect(applyCard.getByRole("group", { name: "Excerpt change" })).toHaveCount(0);

  await applyCard.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(toast(page, "Suggestion approved.")).toBeVisible();
  await expect(applyCard).toHaveCount(0);

  const rejectCard = await loadUntilShown(page, page.getByRole("article").filter({ hasText: `Reject me ${s}` }));
  await expect(rejectCard.getByRole("group", { name: /change$/ })).toHaveCount(1);
  await rejectCard.getByRole("button", { name: "Reject", exact: true }).click();
  await rejectCard.getByRole("button", { name: "Reject suggestion", exact: true }).click();
  await expect(toast(page, "Suggestion rejected.")).toBeVisible();
  await expect(rejectCard).toHaveCount(0);

  const applied = (await publicPost(applyId)).body.post;
  expect(applied).toMatchObject({ title: newTitle, content: newContent, excerpt: "Kept excerpt", tags: "keep,tags" });
  const rejected = (await publicPost(rejectId)).body.post;
  expect(rejected).toMatchObject({ title: rejectTitle, excerpt: "Original excerpt" });
});

test("the suggestions list shows a member's suggestion with its short id, newest first", async ({ page }) => {
  const member: SignedInUser = await createMember({ lastName: "e2e-box" });
  const text = `E2E suggestion box ${stamp()}`;
  expect((await api("POST", "/api/suggestions", { token: member.token, json: { suggestion: text } })).status).toBeLessThan(300);

  await logIn(page);
  await openAdminPage(page, "Suggestions");
  await expect(page.getByRole("heading", { name: "User suggestions", level: 1 })).toBeVisible();
  const items = page.getByRole("list", { name: "User suggestions" }).getByRole("listitem");
  await expect(items.filter({ hasText: text })).toHaveCount(1);
  // Newest first (other suites may add suggestions meanwhile, so check the order, not the position).
  const times = await items.locator("time").evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute("datetime") ?? "")));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  const item = items.filter({ hasText: text });
  await expect(item).toContainText(member.email);
  await expect(item).toContainText("Test e2e-box");
  await expect(item).toContainText("new");
  await expect(item.locator("code")).toHaveText(/^[0-9a-f-]{8}$/);
});

test("on a post page the admin pins it, marks it important, edits its title and media, and deletes a comment with its replies", async ({ page }) => {
  const s = stamp();
  const title = `E2E controls ${s}`;
  const id = await submitPendingPost(title, true);
  // Approved through the API by a second admin account, so the post is public with its image.
  const admin = await createAdmin();
  expect((await api("POST", `/api/admin/posts/${id}/approve`, { token: admin.token })).status).toBe(200);
  const oldMedia = (await publicPost(id)).body.post.media as { url: string }[];
  expect(oldMedia).toHaveLength(1);

  // A comment with a reply (two members: the comment cooldown).
  const commenter = await createMember({ lastName: "e2e-commenter" });
  const replier = await createMember({ lastName: "e2e-replier" });
  const top = await api<{ comment: { id: number } }>("POST", `/api/posts/${id}/comments`, { token: commenter.token, json: { content: `Top ${s}` } });
  expect(top.status).toBe(201);
  const reply = await api("POST", `/api/posts/${id}/comments`, { token: replier.token, json: { content: `Reply ${s}`, parentId: top.body.comment.id } });
  expect(reply.status).toBe(201);

  await logIn(page);
  await page.goto(`/posts/${id}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // Pin: another post is pinned (made so here), so the admin confirms replacing it;
  // then the home answer names this one as the pinned post, and Home shows it.
  const pinnedBefore = await createPost(commenter, { title: `E2E pinned before ${s}` });
  expect((await api("POST", `/api/posts/${pinnedBefore}/pin`, { token: admin.token })).status).toBe(200);
  await moderate(page, "Pin");
  const replace = page.getByRole("dialog", { name: "Replace the pinned post?" });
  await expect(replace).toContainText(`“E2E pinned before ${s}” is pinned now. Pinning this post unpins it.`);
  await replace.getByRole("button", { name: "Pin this post" }).click();
  await expect(toast(page, "Post successfully updated.").first()).toBeVisible();
  await expect.poll(() => moderationItems(page)).toContain("Unpin");
  expect((await api("GET", "/api/posts")).body.pinnedPost?.id).toBe(id);

  // Mark important.
  await moderate(page, "Mark important");
  await expect.poll(() => moderationItems(page)).toContain("Unmark important");
  expect((await publicPost(id)).body.post.is_important).toBe(true);

  // Edit: new title, the old image removed, a new one added.
  await moderate(page, "Edit");
  const modal = page.getByRole("dialog", { name: "Edit post" });
  await expect(modal.getByLabel("Title")).toHaveValue(title);
  await expect(modal.getByLabel("Content (markdown)")).toHaveValue(`Body of **${title}**`);
  const newTitle = `E2E edited ${s}`;
  await modal.getByLabel("Title").fill(newTitle);
  await modal.getByRole("checkbox", { name: /^Keep / }).uncheck();
  await modal.getByLabel("Add images or videos").setInputFiles({ name: "replacement.png", mimeType: "image/png", buffer: Buffer.from(pngImage(5, 5)) });
  await expect(modal.getByRole("list", { name: "New media" })).toContainText("replacement.png");
  await modal.getByRole("button", { name: "Save changes" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("heading", { name: newTitle, level: 1 })).toBeVisible();
  const edited = (await publicPost(id)).body.post;
  expect(edited.title).toBe(newTitle);
  expect(edited.excerpt).toBe(validPostFields.excerpt);
  const newMedia = edited.media as { url: string }[];
  expect(newMedia).toHaveLength(1);
  expect(newMedia[0].url).not.toBe(oldMedia[0].url);

  await page.goto("/");
  // Pinned and important: Home shows it once, in the Pinned Post column, marked IMPORTANT.
  const pinnedColumn = page.getByRole("region", { name: "Pinned Post" });
  await expect(pinnedColumn).toContainText(newTitle);
  await expect(pinnedColumn.getByText("IMPORTANT", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Important Updates" })).not.toContainText(newTitle);

  // Delete the comment: its reply goes too.
  await page.goto(`/posts/${id}`);
  const comment = page.getByRole("article", { name: /^Comment by / }).filter({ hasText: `Top ${s}` }).first();
  await expect(page.getByText(`Reply ${s}`)).toBeVisible();
  await comment.getByRole("button", { name: `Delete comment ${top.body.comment.id}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this comment? This will also delete all replies.");
  await expect(toast(page, "Comment deleted successfully")).toBeVisible();
  await expect(page.getByText(`Top ${s}`)).toHaveCount(0);
  await expect(page.getByText(`Reply ${s}`)).toHaveCount(0);
  expect((await api("GET", `/api/posts/${id}/comments`)).body.comments).toEqual([]);
});

test("the admin edits a pending post from the review panel, then deletes a post from its page", async ({ page }) => {
  const s = stamp();
  const title = `E2E pending edit ${s}`;
  const pendingId = await submitPendingPost(title);
  const author = await createMember({ lastName: "e2e-doomed" });
  const doomedTitle = `E2E doomed ${s}`;
  const doomedId = await createPost(author, { title: doomedTitle });

  await toHeadOfReviewQueue(title);
  await logIn(page);
  await page.goto("/admin/review");
  const card = await loadUntilShown(page, page.getByRole("article", { name: title }));
  await card.getByRole("button", { name: "Edit", exact: true }).click();
  const modal = page.getByRole("dialog", { name: "Edit post" });
  const renamed = `E2E pending renamed ${s}`;
  await modal.getByLabel("Title").fill(renamed);
  await modal.getByRole("button", { name: "Save changes" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("article", { name: renamed })).toBeVisible();
  await expect(card).toHaveCount(0);
  // Still pending: edited, not published.
  expect((await publicPost(pendingId)).status).toBe(404);

  await page.goto(`/posts/${doomedId}`);
  await expect(page.getByRole("heading", { name: doomedTitle, level: 1 })).toBeVisible();
  await moderate(page, "Delete");
  await confirmDialog(page, "Are you sure you want to permanently delete this post?");
  await expect(toast(page, "Post deleted successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await publicPost(doomedId)).status).toBe(404);
});
