import { expect, test, type Browser, type Page } from "../support/playwright.ts";
import { finishSignUp, header } from "../support/browser-auth.ts";

// Contributing end to end against the real local stack (nothing mocked): a new member
// signs up, posts an event with an image and an info box, an admin approves it
// through the API, and members vote, comment, reply, suggest an edit and send a
// general suggestion. Fresh users per run: the server's cooldowns are per user.

const SUPABASE_URL = process.env.SUPABASE_URL ?? "http://127.0.0.1:54321";
const ANON_KEY = process.env.SUPABASE_ANON_KEY ?? "";

// A 1x1 PNG (the server checks the real file type from the bytes).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function signUp(page: Page, firstName: string) {
  const email = `e2e-contrib-${unique()}@example.com`;
  await page.goto("/");
  await header(page).getByRole("button", { name: "Sign up", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Sign up", exact: true });
  await dialog.getByLabel("First name").fill(firstName);
  await dialog.getByLabel("Last name").fill("Tester");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password").fill("e2e-password-123");
  await dialog.getByLabel("I am 18 or older").check();
  await dialog.getByRole("button", { name: "Create account" }).click();
  await finishSignUp(page, dialog, email);
  return email;
}

async function approveAsAdmin(page: Page, postId: number) {
  const tokenResponse = await fetch(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: ANON_KEY, "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "archive-demo" }),
  });
  expect(tokenResponse.ok).toBe(true);
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const base = test.info().project.use.baseURL ?? "http://localhost:5173";
  const approve = await fetch(new URL(`/api/admin/posts/${postId}/approve`, base), {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(approve.status).toBeLessThan(300);
}

async function newMemberPage(browser: Browser, firstName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, firstName);
  return page;
}

test("a new member posts an event, it is approved, and members vote, comment, reply and suggest", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const title = `E2E event ${unique()}`;

  // Visitors are prompted to sign in.
  await page.goto("/create-post");
  await expect(page.getByText("You need an account to create a post.", { exact: false })).toBeVisible();

  await signUp(page, "Poppy");
  await page.goto("/create-post");

  const form = page.getByRole("form", { name: "Create post" });
  const create = form.getByRole("button", { name: "Create Entry" });
  await expect(create).toBeDisabled();
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Lead summary").fill("A short lead for the end-to-end event.");
  await form.getByLabel("Content (Markdown)").fill("## What happened\n\nA **stream** took place.");
  await form.getByRole("button", { name: "Preview" }).click();
  await expect(form.getByRole("heading", { name: "What happened" })).toBeVisible();
  await form.getByRole("button", { name: "Write" }).click();
  await form.getByLabel("References").fill("https://example.com/source");
  await form.getByLabel("Categories").fill("E2E, Stream, e2e");
  await form.getByLabel("Article type").selectOption("event");
  await form.getByLabel("Event date").fill("2025-06-24");
  await form.getByLabel("Event time").fill("18:30");
  await form.getByLabel("Time unknown").check();
  await expect(form.getByLabel("Event time")).toBeDisabled();

  await form.getByLabel("Images and videos").setInputFiles([
    { name: "keep.png", mimeType: "image/png", buffer: PNG },
    { name: "drop.png", mimeType: "image/png", buffer: PNG },
  ]);
  await expect(form.getByRole("img", { name: "Preview of keep.png" })).toBeVisible();
  await form.getByRole("button", { name: "Remove drop.png" }).click();
  await expect(form.getByRole("img", { name: "Preview of drop.png" })).toHaveCount(0);

  await form.getByLabel("Info box title").fill("Key facts");
  await form.getByLabel("Info box content").fill("Location: Online\nno colon line\nStarted: 18:30 UTC");
  await form.getByRole("button", { name: "Add info box" }).click();
  await expect(form.getByRole("list", { name: "Added info boxes" })).toContainText("Key facts");

  await expect(create).toBeEnabled();
  const created = page.waitForResponse((response) => response.url().endsWith("/api/posts") && response.request().method() === "POST");
  await create.click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await expect(page.getByText("Post submitted for review!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The posting cooldown is remembered client-side.
  await page.goto("/create-post");
  await form.getByLabel("Title", { exact: true }).fill("Second post");
  await form.getByLabel("Lead summary").fill("Lead");
  await form.getByLabel("Content (Markdown)").fill("Body");
  await form.getByRole("button", { name: "Create Entry" }).click();
  await expect(form.getByRole("alert")).toHaveText("Please wait 5 minutes before posting again.");
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue("Second post");

  await approveAsAdmin(page, id);

  // Home: Recent News lists it (created today).
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Recent News" }).getByText(title)).toBeVisible();

  // Detail: the image and the info box.
  await page.goto(`/posts/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Sized for its slot, with the size read at upload.
  await expect(page.locator('main img[src^="/renditions/"][width][height]').first()).toBeVisible();
  const info = page.getByRole("complementary", { name: "Information" });
  await expect(info.getByRole("heading", { name: "Key facts" })).toBeVisible();
  await expect(info).toContainText("Online");
  await expect(info).toContainText("18:30 UTC");
  await expect(info).not.toContainText("no colon line");
  // In the order typed (a jsonb map would put "Started" first).
  await expect(info.locator("dt")).toHaveText(["Location", "Started"]);

  // Vote, then un-vote (same vote again).
  const postVotes = page.getByRole("group", { name: "Vote on this post" });
  const voted = page.waitForResponse((r) => r.url().endsWith(`/api/posts/${id}/vote`));
  await postVotes.getByRole("button", { name: "Upvote" }).click();
  await expect(postVotes.getByRole("button", { name: "Remove upvote" })).toHaveAttribute("aria-pressed", "true");
  await expect(postVotes.getByTestId("vote-score")).toHaveText("1");
  expect((await voted).status()).toBe(200);
  const unvoted = page.waitForResponse((r) => r.url().endsWith(`/api/posts/${id}/vote`));
  await postVotes.getByRole("button", { name: "Remove upvote" }).click();
  expect(await (await unvoted).json()).toMatchObject({ user_vote: "none", upvotes: 0 });
  await expect(postVotes.getByTestId("vote-score")).toHaveText("0");
  await expect(postVotes.getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-pressed", "false");

  // Comment.
  const composer = page.getByRole("form", { name: "Add a comment" });
  await expect(composer.getByRole("button", { name: "Post Comment" })).toBeDisabled();
  await composer.getByLabel("Add a comment").fill("   ");
  await expect(composer.getByRole("button", { name: "Post Comment" })).toBeDisabled();
  await composer.getByLabel("Add a comment").fill("First comment from the e2e member.");
  await composer.getByRole("button", { name: "Post Comment" }).click();
  const comment = page.getByTestId("comment").filter({ hasText: "First comment from the e2e member." });
  await expect(comment).toBeVisible();
  await expect(composer.getByLabel("Add a comment")).toHaveValue("");

  // A reply within the minute hits the comment cooldown; the text stays.
  await comment.getByRole("button", { name: "Reply" }).click();
  const replyForm = page.getByRole("form", { name: "Write a reply" });
  await replyForm.getByLabel("Write a reply").fill("Too quick reply.");
  await replyForm.getByRole("button", { name: "Reply" }).click();
  await expect(replyForm.getByRole("alert")).toHaveText("Please wait 1 minute before commenting again.");
  await expect(replyForm.getByLabel("Write a reply")).toHaveValue("Too quick reply.");

  // Suggest an edit: the two alerts, Back to Edit, then the toast.
  await page.getByRole("button", { name: "Suggest Edit" }).click();
  const modal = page.getByRole("dialog", { name: "Suggest an edit" });
  await modal.getByRole("button", { name: "Next" }).click();
  await expect(modal.getByRole("alert")).toHaveText("You haven't made any changes.");
  await modal.getByLabel("Title", { exact: true }).fill(`${title} (corrected)`);
  await modal.getByRole("button", { name: "Next" }).click();
  await modal.getByRole("button", { name: "Submit Suggestion" }).click();
  await expect(modal.getByRole("alert")).toHaveText("Please provide a brief summary of your edits.");
  await modal.getByRole("button", { name: "Back to Edit" }).click();
  await expect(modal.getByLabel("Title", { exact: true })).toHaveValue(`${title} (corrected)`);
  await modal.getByRole("button", { name: "Next" }).click();
  await modal.getByLabel("Summary of your edits").fill("Corrected the title.");
  const suggested = page.waitForRequest((r) => r.url().endsWith(`/api/posts/${id}/suggestions`));
  await modal.getByRole("button", { name: "Submit Suggestion" }).click();
  expect((await suggested).postDataJSON()).toEqual({ title: `${title} (corrected)`, summary: "Corrected the title." });
  await expect(page.getByText("Your suggestion has been submitted for review. Thank you!")).toBeVisible();
  await expect(modal).toBeHidden();

  // A second member replies and votes on the comment.
  const other = await newMemberPage(browser, "Quinn");
  await other.goto(`/posts/${id}`);
  const theirComment = other.getByTestId("comment").filter({ hasText: "First comment from the e2e member." });
  await theirComment.getByRole("button", { name: "Reply" }).click();
  const theirReply = other.getByRole("form", { name: "Write a reply" });
  await theirReply.getByLabel("Write a reply").fill("A reply from the second member.");
  await theirReply.getByRole("button", { name: "Reply" }).click();
  await expect(other.getByTestId("reply").filter({ hasText: "A reply from the second member." })).toBeVisible();
  const commentVotes = theirComment.getByRole("group", { name: "Vote on this comment" }).first();
  await commentVotes.getByRole("button", { name: "Downvote" }).click();
  await expect(commentVotes.getByTestId("vote-score")).toHaveText("-1");
  await commentVotes.getByRole("button", { name: "Remove downvote" }).click();
  await expect(commentVotes.getByTestId("vote-score")).toHaveText("0");

  // General suggestion: counter, 'Submitting as', success, redirect to /.
  await other.goto("/suggest");
  const box = other.getByLabel("Your Suggestion");
  await expect(other.getByText("0/500")).toBeVisible();
  await expect(other.getByText(/Submitting as/)).toContainText("Quinn Tester");
  await expect(other.getByRole("button", { name: "Send Suggestion" })).toBeDisabled();
  await box.fill("  Please add an RSS feed.  ");
  await expect(other.getByText("27/500")).toBeVisible();
  const sent = other.waitForRequest((r) => r.url().endsWith("/api/suggestions"));
  await other.getByRole("button", { name: "Send Suggestion" }).click();
  expect((await sent).postDataJSON()).toEqual({ suggestion: "Please add an RSS feed." });
  await expect(other.getByText("Suggestion Sent!")).toBeVisible();
  await expect(other.getByText("Thank you for your feedback. You will be redirected shortly.")).toBeVisible();
  await expect(other).toHaveURL(/\/$/, { timeout: 6000 });
  await other.context().close();
});

test("visitors are asked to sign in to vote, comment and suggest", async ({ page }) => {
  await page.goto("/suggestion");
  await expect(page.getByText("You need an account to submit a suggestion.")).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("dialog", { name: "Log in", exact: true })).toBeVisible();
});
