import { expect, test } from "../support/playwright.ts";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { createMember } from "../support/api.ts";

// The page a shared link opens is index.html with the post's card written in
// (web/host/share-cards.ts): the SPA must start from it as from the plain one.

const run = `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let postId = 0;

test.beforeAll(async () => {
  const author = await createMember({ lastName: "share-cards" });
  postId = await createPost(author, { title: `Shared card ${run}`, excerpt: `Shared excerpt ${run}`, content: `Shared content ${run}` });
  await sql`insert into public.post_media (post_id, object_path, media_type, position) values (${postId}, 'alex-rivera-stage.jpg', 'image', 0)`;
});

test("a post opened from a shared link boots the SPA from the page carrying its card", async ({ page, request }) => {
  const html = await (await request.get(`/posts/${postId}`)).text();
  expect(html).toContain(`<meta property="og:title" content="Shared card ${run}" />`);

  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`/posts/${postId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Shared card ${run}` })).toBeVisible();
  await expect(page.getByText(`Shared content ${run}`)).toBeVisible();
  await expect(page).toHaveTitle(`Shared card ${run} · The Community Archive`);
  // The SPA keeps one set of tags: it updates the card's rather than adding its own.
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/images\/alex-rivera-stage\.jpg$/);

  // Moving on inside the SPA gives the next page its own title.
  await page.getByRole("link", { name: "The Community Archive" }).first().click();
  await expect(page.getByRole("heading", { level: 2, name: "Recent News" })).toBeVisible();
  await expect(page).toHaveTitle("The Community Archive");
  expect(errors).toEqual([]);
});
