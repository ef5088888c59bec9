import { expect, test } from "../support/playwright.ts";
import { createPost } from "../support/fixtures.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { createMember } from "../support/api.ts";

// Searching All posts: the count, highlighted matches ranked by Best match,
// "Did you mean" for a misspelt word, a way out of an empty result, and the
// folded filters of a phone. The posts are this file's own, found by a word
// invented for this run (consonants between fixed ends, so no stemmer trims it).

const run = `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const consonants = "bcdfghjklmnpqrstvwxz";
const word = `vorm${Array.from({ length: 5 }, () => consonants[Math.floor(Math.random() * consonants.length)]).join("")}ak`;
/** One letter off (a vowel where the word has a consonant): the archive's nearest word is `word`. */
const typo = `${word.slice(0, 6)}o${word.slice(7)}`;
const tag = `search-${run}`;
const titled = `The ${word} concert`;
const dayMs = 86_400_000;

test.beforeAll(async () => {
  const author = await createMember({ lastName: `Searcher ${run}` });
  // In the title: Best match ranks it first though the other post is newer.
  await createPost(author, {
    title: titled,
    excerpt: "A night at the harbour.",
    content: `The crowd waited for the ${word} all evening.`,
    tags: [tag],
    createdAt: new Date(Date.now() - 2 * dayMs).toISOString(),
  });
  await createPost(author, {
    title: `Harbour notes ${run}`,
    excerpt: `Later that year the ${word} came back.`,
    content: "Nothing else to add.",
    tags: [tag],
    createdAt: new Date(Date.now() - dayMs).toISOString(),
  });
});

test.beforeEach(async ({ page }) => {
  // Only analytics may be stubbed.
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

test("a search counts and highlights its results, suggests a spelling, clears a typed filter, and folds the filters on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const main = page.getByRole("main");
  const search = main.getByRole("searchbox", { name: "Search", exact: true });
  const cards = page.getByTestId("post-card");

  // Results: the count, Best match chosen, the title's match first, its words marked.
  await page.goto(`/posts/all?search=${word}`);
  await expect(main.getByText("2 posts", { exact: true })).toBeVisible();
  const sort = main.getByLabel("Sort by");
  await expect(sort).toHaveValue("best");
  await expect(sort.locator("option:checked")).toHaveText("Best match");
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByRole("link", { name: titled })).toBeVisible();
  await expect(cards.first().getByRole("heading").locator("mark")).toHaveText([word]);
  await expect(cards.first().getByTestId("search-snippet")).toContainText(`waited for the ${word} all evening`);
  await expect(cards.first().getByTestId("search-snippet").locator("mark")).toHaveText([word]);
  await expectNoSeriousAxeViolations(page);

  // A misspelt word: nothing found, and the suggestion finds the posts.
  await search.fill(typo);
  await expect(main.getByText("No posts found for the selected filters.")).toBeVisible();
  const suggestion = main.getByRole("paragraph").filter({ hasText: "Did you mean" });
  await expect(suggestion).toHaveText(`Did you mean ${word}?`);
  await expectNoSeriousAxeViolations(page);
  await suggestion.getByRole("link", { name: word }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]search=${word}(&|$)`));
  await expect(search).toHaveValue(word);
  await expect(main.getByText("2 posts", { exact: true })).toBeVisible();

  // A tag typed in the search that no result has: a link clears just that filter.
  await search.fill(`${word} tag:other-${run}`);
  await expect(main.getByText("No posts found for the selected filters.")).toBeVisible();
  const clearTag = main.getByRole("link", { name: `Clear tag: other-${run}` });
  await expect(clearTag).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await clearTag.click();
  await expect(search).toHaveValue(word);
  await expect(cards).toHaveCount(2);

  // A phone: the search stays in view, the filters fold behind a button that counts them, and the first result shows without scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  await search.fill(`${word} tag:${tag}`);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${word}\\+tag%3A${tag}(&|$)`));
  await expect(main.getByText("2 posts", { exact: true })).toBeVisible();
  const filters = main.getByRole("button", { name: "Filters (1)" });
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await expect(search).toBeVisible();
  await expect(main.getByRole("textbox", { name: "Author" })).toBeHidden();
  await expect(cards.first().getByRole("link", { name: titled })).toBeInViewport({ ratio: 1 });
  await expectNoSeriousAxeViolations(page);
  await filters.click();
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await expect(main.getByRole("textbox", { name: "Author" })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
});
