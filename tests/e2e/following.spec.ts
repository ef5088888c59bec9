import { expect, test } from "../support/playwright.ts";
import { createPost } from "../support/fixtures.ts";
import { createMember } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";

// Following against the real local stack: a new member follows a tag, a post
// and an author of their own making, finds them on the account page, stops
// one, and changes how they hear of replies.

const memberPassword = "test-password-1";
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a member follows a tag, a post and an author, sees them on the account page and stops one", async ({ page }) => {
  const id = stamp();
  const [member, author] = await Promise.all([createMember({ lastName: "e2e-follower" }), createMember({ lastName: `e2e-author-${id}` })]);
  const tag = `follow-${id}`;
  const title = `Followed ${id}`;
  const postId = await createPost(author, { title, tags: [tag] });
  const authorName = `Test e2e-author-${id}`;

  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, member.email, memberPassword);

  await page.goto(`/posts/all?tags=${tag}`);
  const followTag = page.getByRole("button", { name: `Follow #${tag}` });
  await expect(followTag).toHaveAttribute("aria-pressed", "false");
  await followTag.click();
  await expect(followTag).toHaveAttribute("aria-pressed", "true");
  await expect(followTag).toHaveText("Following");

  await page.goto(`/posts/${postId}`);
  const followPost = page.getByRole("button", { name: "Follow this post" });
  await followPost.click();
  await expect(followPost).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/authors/${author.id}`);
  const followAuthor = page.getByRole("button", { name: `Follow ${authorName}` });
  await followAuthor.click();
  await expect(followAuthor).toHaveAttribute("aria-pressed", "true");

  await page.goto("/account");
  const following = page.getByRole("region", { name: "Following" });
  await expect(following.getByRole("link", { name: title })).toHaveAttribute("href", `/posts/${postId}`);
  await expect(following.getByRole("link", { name: `#${tag}` })).toBeVisible();
  await expect(following.getByRole("link", { name: authorName })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await following.getByRole("button", { name: `Unfollow #${tag}` }).click();
  await expect(following.getByRole("link", { name: `#${tag}` })).toHaveCount(0);
  await expect(following.getByText(/^No tags\./)).toBeVisible();
  await expect(following.getByRole("link", { name: title })).toBeVisible();

  const notifications = page.getByRole("region", { name: "Notifications" });
  await notifications.getByRole("combobox", { name: "Replies to your comments" }).selectOption("bell");
  await notifications.getByRole("button", { name: "Save notification settings" }).click();
  await expect(notifications.getByRole("status")).toHaveText("Your notification settings have been saved.");
  await expectNoSeriousAxeViolations(page);
  // Nothing sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.reload();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("combobox", { name: "Replies to your comments" })).toHaveValue("bell");
  await page.goto(`/posts/all?tags=${tag}`);
  await expect(page.getByRole("button", { name: `Follow #${tag}` })).toHaveAttribute("aria-pressed", "false");
});
