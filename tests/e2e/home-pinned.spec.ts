import { expect, test } from "../support/playwright.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { createMember } from "../support/api.ts";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";

// A post that is pinned, important and from today is in all three of Home's
// groups; Home shows it once, in the Pinned Post column, marked IMPORTANT.

const run = `h${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const title = `Pinned, important and new ${run}`;
let postId = 0;
let pinnedBefore: number | null = null;

test.beforeAll(async () => {
  const author = await createMember({ lastName: "pinned" });
  postId = await createPost(author, { title, isImportant: true, createdAt: new Date().toISOString() });
  const [pinned] = await sql<{ id: string }[]>`select id from public.posts where is_pinned`;
  pinnedBefore = pinned ? Number(pinned.id) : null;
  // One pinned post at most: this one takes the place.
  await sql.begin(async (tx) => {
    await tx`update public.posts set is_pinned = false where is_pinned`;
    await tx`update public.posts set is_pinned = true where id = ${postId}`;
  });
});

test.afterAll(async () => {
  await sql.begin(async (tx) => {
    await tx`update public.posts set is_pinned = false where id = ${postId}`;
    if (pinnedBefore) await tx`update public.posts set is_pinned = true where id = ${pinnedBefore}`;
  });
});

test.beforeEach(async ({ page }) => {
  // Only analytics may be stubbed.
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("Home shows the pinned post once, in its own column, marked IMPORTANT", async ({ page }) => {
      // Home's answer as the page gets it (in the HTML the host renders, or from the API in the browser).
      const groups = await (await page.request.get("/api/posts?tz=UTC")).json();
      await page.goto("/");
      // The answer has it in every group (SPEC §3); the page shows it once.
      expect(groups.pinnedPost.id).toBe(postId);
      expect(groups.importantPosts.map((post: { id: number }) => post.id)).toContain(postId);
      expect(groups.recentPosts.map((post: { id: number }) => post.id)).toContain(postId);

      const pinned = page.getByRole("region", { name: "Pinned Post" });
      await expect(pinned.getByRole("link", { name: title })).toBeVisible();
      await expect(pinned.getByText("IMPORTANT", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: title })).toHaveCount(1);
      for (const name of ["Recent News", "Important Updates"]) {
        await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
      }
      await expectNoSeriousAxeViolations(page);
    });
  });
}
