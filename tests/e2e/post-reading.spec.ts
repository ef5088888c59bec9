import { expect, test, type Locator } from "../support/playwright.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { createMember } from "../support/api.ts";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";

// Reading a post on a phone and on a wide screen: a wide table scrolls
// sideways with its words whole, and info boxes list their keys as typed.

const run = `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const table =
  "| Type of post | Date we use | Time known? | Where it is announced |\n" +
  "|---|---|---|---|\n" +
  "| Release | Release day | Usually not (midnight) | Official channels and newsletters |\n" +
  "| Concert | Doors or stage time | Often | Venue calendars |\n" +
  "| Podcast | Publication date | Sometimes | Podcast feeds |";
let postId = 0;

test.beforeAll(async () => {
  const author = await createMember({ lastName: "tables" });
  postId = await createPost(author, { title: `Dates at a glance ${run}`, content: `## Dates at a glance\n\n${table}\n\nThat is all.` });
  // Typed as Location, then Artist: the order a jsonb map would turn round.
  await sql`insert into public.info_boxes (post_id, title, content, key_order)
            values (${postId}, 'Concert facts', ${sql.json({ Location: "Harbour Hall", Artist: "Alex Rivera" })}, ${["Location", "Artist"]})`;
});

test.beforeEach(async ({ page }) => {
  // Only analytics may be stubbed.
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

/** The words in a region's cells that a line break splits (a word's text drawn in more than one box). */
function wordsBrokenAcrossLines(region: Locator): Promise<string[]> {
  return region.evaluate((element) => {
    const broken: string[] = [];
    for (const cell of element.querySelectorAll("th, td")) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node as Text;
        for (const word of text.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          if (range.getClientRects().length > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  });
}

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("a table keeps its words whole, scrolling sideways when it is wider than the screen; info box keys keep their order", async ({ page }) => {
      await page.goto(`/posts/${postId}`);
      const region = page.getByRole("region", { name: "Table: Type of post, Date we use, Time known?, Where it is announced" });
      await expect(region.getByRole("cell", { name: "Concert" })).toBeVisible();
      expect(await wordsBrokenAcrossLines(region)).toEqual([]);

      const sizes = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      if (viewport.width === 360) {
        expect(sizes.scroll).toBeGreaterThan(sizes.client);
        // Keyboard users scroll it too: it takes the focus, and the arrow keys move it.
        await region.focus();
        await expect(region).toBeFocused();
        await page.keyboard.press("ArrowRight");
        await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      }
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      const info = page.getByRole("complementary", { name: "Information" });
      await expect(info.locator("dt")).toHaveText(["Location", "Artist"]);
      await expect(info.locator("dd")).toHaveText(["Harbour Hall", "Alex Rivera"]);

      for (const theme of ["light", "dark"]) {
        await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
        await expectNoSeriousAxeViolations(page);
      }
    });
  });
}
