import { expect, test, type Page } from "../support/playwright.ts";
import { createMember } from "../support/api.ts";
import { createPost } from "../support/fixtures.ts";

// A page's data is asked for at most once per visit: not again by a second
// mount, by the browser refreshing a kept answer in the background (on the
// second visit of a page), or after a missing post's 404. A page people land
// on carries its answers in its HTML (the host renders its first screen), so
// the browser asks for none of them. Run against the production build
// (`npm test` serves it with the host's middleware), as visitors get it.

let postId = 0;
let authorId = "";
const tag = "asked-once";

test.beforeAll(async () => {
  const author = await createMember({ lastName: "once" });
  authorId = author.id;
  postId = await createPost(author, { title: "Asked for once", tags: [tag] });
});

test.beforeEach(async ({ page }) => {
  // Only analytics may be stubbed.
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

/** Counts the requests whose path and query match `pattern` while `visit` runs and the network settles. */
async function requestsDuring(page: Page, pattern: RegExp, visit: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const listener = (request: { url: () => string }) => {
    const url = new URL(request.url());
    if (pattern.test(url.pathname + url.search)) count += 1;
  };
  page.on("request", listener);
  await visit();
  await page.waitForLoadState("networkidle");
  page.off("request", listener);
  return count;
}

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("a post, Home and the timeline come with their data, asked for by no request of the browser, the second visit too; a link followed asks once", async ({ page }) => {
      for (let visit = 0; visit < 2; visit++) {
        const post = await requestsDuring(page, new RegExp(`^/api/posts/${postId}$`), async () => {
          await page.goto(`/posts/${postId}`);
          await expect(page.getByRole("heading", { level: 1, name: "Asked for once" })).toBeVisible();
        });
        expect(post, `GET /api/posts/${postId}, visit ${visit + 1}`).toBe(0);

        const home = await requestsDuring(page, /^\/api\/posts\?/, async () => {
          await page.goto("/");
          await expect(page.getByRole("heading", { level: 2, name: "Pinned Post" })).toBeVisible();
        });
        expect(home, `GET /api/posts, visit ${visit + 1}`).toBe(0);

        for (const endpoint of [/^\/api\/timeline\?/, /^\/api\/timeline\/months\?/]) {
          const timeline = await requestsDuring(page, endpoint, async () => {
            await page.goto("/timeline");
            await expect(page.getByTestId("timeline-entry").first()).toBeVisible();
          });
          expect(timeline, `${endpoint.source}, visit ${visit + 1}`).toBe(0);
        }
      }

      // Following the header's link from Home: one request each.
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 2, name: "Pinned Post" })).toBeVisible();
      const followed = await requestsDuring(page, /^\/api\/timeline\?/, async () => {
        const menu = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
        if (await menu.isVisible()) await menu.click();
        await page.getByRole("banner").getByRole("link", { name: "Timeline", exact: true }).filter({ visible: true }).click();
        await expect(page.getByTestId("timeline-entry").first()).toBeVisible();
      });
      expect(followed).toBe(1);
    });

    test("All posts, a tag's posts, an author's page and the tag index come with their data, the second visit too", async ({ page }) => {
      // Each page with every request it makes when it opens (All posts newest first lists the upcoming events apart: two).
      const pages: { path: string; shown: () => Promise<void>; endpoints: RegExp[] }[] = [
        {
          path: "/posts/all",
          shown: () => expect(page.getByTestId("post-group").first()).toBeVisible(),
          endpoints: [/^\/api\/posts\/all\?sort=newest&from=now&limit=20&/, /^\/api\/posts\/all\?sort=oldest&from=now&limit=5&/],
        },
        {
          path: `/posts/all?tags=${tag}`,
          shown: () => expect(page.getByRole("link", { name: "Asked for once" }).first()).toBeVisible(),
          endpoints: [new RegExp(`^/api/posts/all\\?sort=newest&tags=${tag}&from=now&limit=20&`), new RegExp(`^/api/posts/all\\?sort=oldest&tags=${tag}&from=now&limit=5&`)],
        },
        {
          path: `/authors/${authorId}`,
          shown: () => expect(page.getByRole("link", { name: "Asked for once" }).first()).toBeVisible(),
          endpoints: [new RegExp(`^/api/authors/${authorId}\\?`)],
        },
        { path: "/tags", shown: () => expect(page.getByRole("link", { name: new RegExp(tag) })).toBeVisible(), endpoints: [/^\/api\/tags$/] },
      ];
      for (let visit = 0; visit < 2; visit++) {
        for (const { path, shown, endpoints } of pages) {
          for (const endpoint of endpoints) {
            const count = await requestsDuring(page, endpoint, async () => {
              await page.goto(path);
              await shown();
            });
            expect(count, `${endpoint.source} on ${path}, visit ${visit + 1}`).toBe(0);
          }
        }
      }
    });

    test("a missing post is asked for once, and says 'Post not found'", async ({ page }) => {
      const missing = await requestsDuring(page, /^\/api\/posts\/999999999$/, async () => {
        await page.goto("/posts/999999999");
        await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
      });
      expect(missing).toBe(1);
    });
  });
}
