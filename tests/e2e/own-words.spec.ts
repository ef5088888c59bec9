import { expect, test, type Page } from "../support/playwright.ts";
import { latestMailTo, verifyLinkIn } from "../../local-stack/test/mailpit.ts";
import { api, createAdmin, createMember, type SignedInUser } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { pngImage } from "../support/media-fixtures.ts";

// People control their own words, and are told what happened, in the browser
// against the real local stack (nothing mocked but analytics). Each test makes
// its own members, posts and comments, at a phone's width and a desktop's.

const PASSWORD = "test-password-1";
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Axe in the light and the dark theme (the page follows the system's until a reader picks one). */
async function expectAxeCleanInBothThemes(page: Page) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expectNoSeriousAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

async function suspend(member: SignedInUser, admin: SignedInUser, until: string | null, reason: string) {
  const res = await api("POST", `/api/admin/users/${member.id}/suspend`, { token: admin.token, json: { until, reason } });
  expect(res.status).toBe(200);
}

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
    });

    test("an author edits and deletes their own comments, and is offered no Report on them", async ({ page }) => {
      const [host, author, replier] = await Promise.all([
        createMember({ lastName: "e2e-host" }),
        createMember({ lastName: "e2e-commenter" }),
        createMember({ lastName: "e2e-replier" }),
      ]);
      const postId = await createPost(host, { title: `Own comments ${stamp()}` });
      const lone = await createComment(author, postId, { content: "Teh typo stays unless I fix it." });
      const answered = await createComment(author, postId, { content: "Words I will take back." });
      const reply = await createComment(replier, postId, { content: "A reply that keeps its place.", parentId: answered });

      await logIn(page, author.email, PASSWORD);
      await page.goto(`/posts/${postId}`);
      const loneComment = page.locator(`#comment-${lone}`);
      await expect(loneComment.getByRole("button", { name: `Edit your comment ${lone}` })).toBeVisible();
      await expect(page.getByRole("button", { name: `Report comment ${lone}` })).toHaveCount(0);
      await expect(page.getByRole("button", { name: `Report comment ${reply}` })).toBeVisible();
      await expect(page.getByRole("button", { name: `Edit your comment ${reply}` })).toHaveCount(0);
      // A commenter's name leads to their author page.
      await expect(page.locator(`#comment-${reply}`).getByRole("link", { name: `${replier.firstName} ${replier.lastName}` })).toHaveAttribute("href", `/authors/${replier.id}`);
      await expectAxeCleanInBothThemes(page);

      // Edit: the new words, marked as edited with the time.
      await loneComment.getByRole("button", { name: `Edit your comment ${lone}` }).click();
      const form = loneComment.getByRole("form", { name: "Edit your comment" });
      await form.getByRole("textbox").fill("The typo is fixed.");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(loneComment).toContainText("The typo is fixed.");
      await expect(loneComment).toContainText("· edited");
      await expect(toast(page, "Your comment is updated.")).toBeVisible();

      // Delete without replies: it goes.
      await loneComment.getByRole("button", { name: `Delete your comment ${lone}` }).click();
      await page.getByRole("dialog", { name: "Delete your comment" }).getByRole("button", { name: "Delete" }).click();
      await expect(loneComment).toHaveCount(0);

      // Delete with a reply: its place stays, its words and name go, the reply stays.
      await page.getByRole("button", { name: `Delete your comment ${answered}` }).click();
      await page.getByRole("dialog", { name: "Delete your comment" }).getByRole("button", { name: "Delete" }).click();
      const kept = page.locator(`#comment-${answered}`);
      await expect(kept).toHaveAccessibleName("Deleted comment");
      await expect(kept).toContainText("This comment was deleted by its author.");
      await expect(kept).not.toContainText("Words I will take back.");
      await expect(kept.getByRole("button")).toHaveCount(0);
      await expect(page.locator(`#comment-${reply}`)).toContainText("A reply that keeps its place.");
      await expectAxeCleanInBothThemes(page);
    });

    test("an author edits and withdraws their post while it waits for review; it offers no vote, comment, Suggest Edit or Report", async ({ page }) => {
      const author = await createMember({ lastName: "e2e-pending-author" });
      const title = `Waiting for review ${stamp()}`;
      const postId = await createPost(author, { title, status: "pending" });

      await logIn(page, author.email, PASSWORD);
      await page.goto(`/posts/${postId}`);
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await expect(page.getByText("Pending review.")).toBeVisible();
      await expect(page.getByText("Waiting for review: votes and comments open once it is published.")).toBeVisible();
      await expect(page.getByRole("group", { name: "Vote on this post" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Suggest Edit" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Report this post" })).toHaveCount(0);
      await expect(page.locator("#comments")).toHaveCount(0);
      await expectAxeCleanInBothThemes(page);

      await page.getByRole("button", { name: "Edit", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Edit your post" });
      await dialog.getByLabel("Title", { exact: true }).fill(`${title}, edited`);
      // A file added while it waits goes with it, as on Create post.
      await dialog.getByLabel("Add images or videos").setInputFiles({ name: "added-later.png", mimeType: "image/png", buffer: Buffer.from(pngImage(6, 6)) });
      await expect(dialog.getByRole("list", { name: "New media" })).toContainText("added-later.png");
      await expectAxeCleanInBothThemes(page);
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("heading", { name: `${title}, edited`, level: 1 })).toBeVisible();
      const { body } = await api("GET", `/api/posts/${postId}`, { token: author.token });
      expect(body.post.media).toEqual([expect.objectContaining({ media_type: "image" })]);

      await page.getByRole("button", { name: "Withdraw" }).click();
      await page.getByRole("dialog", { name: "Withdraw your post" }).getByRole("button", { name: "Withdraw" }).click();
      await expect(toast(page, "Your post is withdrawn.")).toBeVisible();
      await expect(page).toHaveURL(/\/me$/);
      expect((await api("GET", `/api/posts/${postId}`, { token: author.token })).status).toBe(404);
    });

    test("after sending a post, Home confirms it and links to My contributions, where it is listed", async ({ page }) => {
      const member = await createMember({ lastName: "e2e-sender" });
      const title = `Sent for review ${stamp()}`;
      await logIn(page, member.email, PASSWORD);
      await page.goto("/create-post");
      const form = page.getByRole("form", { name: "Create post" });
      await form.getByLabel("Title", { exact: true }).fill(title);
      await form.getByLabel("Lead summary").fill("What it is about.");
      await form.getByLabel("Content (Markdown)").fill("The whole story.");
      await form.getByRole("button", { name: "Create Entry" }).click();

      await expect(page).toHaveURL(/\/$/);
      const notice = page.getByRole("region", { name: "Thank you! Your post is in the review queue." });
      await expect(notice).toBeVisible();
      await expectAxeCleanInBothThemes(page);
      await notice.getByRole("link", { name: "My contributions" }).click();
      await expect(page).toHaveURL(/\/me$/);
      await expect(page.getByRole("main")).toContainText(title);
    });

    test("a new member who confirms their e-mail is welcomed", async ({ page }) => {
      const email = `e2e-welcome-${stamp()}@example.com`;
      await page.goto("/");
      // The invitation above the header, at every width (a phone's header keeps Sign up in its menu).
      await page.getByRole("button", { name: "create an account" }).click();
      const dialog = page.getByRole("dialog", { name: "Sign up", exact: true });
      await dialog.getByLabel("First name").fill("Wren");
      await dialog.getByLabel("Last name").fill("Welcome");
      await dialog.getByLabel("E-mail").fill(email);
      await dialog.getByLabel("Password").fill("e2e-password-123");
      await dialog.getByLabel("I am 18 or older").check();
      await dialog.getByRole("button", { name: "Create account" }).click();
      await expect(dialog.getByText("Check your e-mail to confirm your account.", { exact: false })).toBeVisible();

      await page.goto(verifyLinkIn(await latestMailTo(email)));
      const welcome = page.getByRole("region", { name: "Welcome, Wren! Your e-mail address is confirmed." });
      await expect(welcome).toBeVisible();
      await expect(welcome.getByRole("link", { name: "create a post" })).toHaveAttribute("href", "/create-post");
      await expectAxeCleanInBothThemes(page);
      await welcome.getByRole("button", { name: "Dismiss" }).click();
      await expect(welcome).toHaveCount(0);
      // Only the link's arrival is welcomed, not every visit.
      await page.reload();
      await expect(page.getByRole("heading", { name: "Recent News" })).toBeVisible();
      await expect(page.getByRole("region", { name: /^Welcome/ })).toHaveCount(0);
    });

    test("a suspended member learns until when and why on every page, and is offered no write that would fail", async ({ page }) => {
      const [host, member, admin] = await Promise.all([
        createMember({ lastName: "e2e-thread-host" }),
        createMember({ lastName: "e2e-suspended" }),
        createAdmin({ lastName: "e2e-suspender" }),
      ]);
      const postId = await createPost(host, { title: `Read while suspended ${stamp()}` });
      const own = await createComment(member, postId, { content: "Said before the suspension." });
      await createComment(host, postId, { content: "Someone else's comment." });
      await suspend(member, admin, "2036-11-30T12:00:00.000Z", "Spam in the comments.");

      await logIn(page, member.email, PASSWORD);
      const banner = page.getByRole("region", { name: /^Your account is suspended until November 30, 2036/ });
      await expect(banner).toContainText("Reason: Spam in the comments.");
      await expect(banner).toContainText("You can still read everything.");

      // The header offers no Post button to a suspended member.
      await expect(page.getByRole("banner").getByRole("link", { name: "Post", exact: true })).toHaveCount(0);

      await page.goto(`/posts/${postId}`);
      await expect(banner).toBeVisible();
      await expect(page.getByText("You cannot comment, reply or vote while your account is suspended.")).toBeVisible();
      await expect(page.getByRole("form", { name: "Add a comment" })).toHaveCount(0);
      await expect(page.getByRole("group", { name: /^Vote on this/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^(Report|Suggest Edit|Reply)/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: `Edit your comment ${own}` })).toHaveCount(0);
      await expectAxeCleanInBothThemes(page);

      await page.goto("/create-post");
      await expect(banner).toBeVisible();
      await expect(page.getByText("You cannot create posts while your account is suspended.")).toBeVisible();
      await expect(page.getByRole("form", { name: "Create post" })).toHaveCount(0);
      await expectAxeCleanInBothThemes(page);

      await page.goto("/suggest");
      await expect(page.getByText("You cannot send suggestions while your account is suspended.")).toBeVisible();

      await page.goto("/account");
      await expect(page.getByText("You cannot change your name while your account is suspended.")).toBeVisible();
      await expect(page.getByRole("form", { name: "Your name" })).toHaveCount(0);

      await page.goto("/me");
      await expect(page.getByText("You have not posted anything yet.")).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Create a post" })).toHaveCount(0);
    });

    test("an admin sees an author's suspension where Suspend author was, and lifts it", async ({ page }) => {
      const [host, troll, admin] = await Promise.all([
        createMember({ lastName: "e2e-lift-host" }),
        createMember({ lastName: `e2e-lifted-${stamp()}` }),
        createAdmin({ lastName: "e2e-lifting-admin" }),
      ]);
      const postId = await createPost(host, { title: `Lifted in the browser ${stamp()}` });
      const commentId = await createComment(troll, postId, { content: "Sorry about the spam." });
      await suspend(troll, admin, null, "Spam.");

      await logIn(page, admin.email, PASSWORD);
      await page.goto(`/posts/${postId}`);
      const comment = page.locator(`#comment-${commentId}`);
      await expect(comment).toContainText(`Test ${troll.lastName} is suspended for good: Spam.`);
      await expect(comment.getByRole("button", { name: /^Suspend the author/ })).toHaveCount(0);
      await expectAxeCleanInBothThemes(page);

      await comment.getByRole("button", { name: `Lift the suspension of Test ${troll.lastName} (comment ${commentId})` }).click();
      await expect(toast(page, "The suspension is lifted.")).toBeVisible();
      await expect(comment.getByRole("button", { name: `Suspend the author of comment ${commentId}` })).toBeVisible();
      expect((await api("GET", "/api/me", { token: troll.token })).body.suspension).toBeNull();
    });
  });
}
