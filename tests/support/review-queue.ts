import { expect, type Locator, type Page } from "@playwright/test";
import { sql } from "./database.ts";

/**
 * Puts the test's own pending posts (by title) and edit suggestions (by
 * summary) at the head of the review panel's queues, which run oldest first.
 * Each call dates them before everything an earlier call dated, so the test's
 * cards are on the first page however many items other files left queued.
 */
export async function toHeadOfReviewQueue(...texts: string[]): Promise<void> {
  // Later calls get earlier times: 2000-01-01 minus the time since 2026-01-01.
  const head = sql`timestamptz '2000-01-01 00:00Z' - (clock_timestamp() - timestamptz '2026-01-01 00:00Z')`;
  const posts = await sql`update public.posts set created_at = ${head} where status = 'pending' and title = any(${texts}) returning id`;
  const suggestions = await sql`update public.edit_suggestions set created_at = ${head} where status = 'pending' and summary = any(${texts}) returning id`;
  if (posts.length + suggestions.length < texts.length) throw new Error(`not all of ${JSON.stringify(texts)} are pending posts or suggestions`);
}

/**
 * Waits until `card` is in the review panel's open queue, pressing Load more
 * as a moderator would (the queues come a page at a time). With
 * toHeadOfReviewQueue first, the card is on the first page. Returns the card.
 */
export async function loadUntilShown(page: Page, card: Locator): Promise<Locator> {
  const cards = page.getByRole("tabpanel").getByRole("article");
  await expect(cards.first()).toBeVisible();
  while ((await card.count()) === 0) {
    const shown = await cards.count();
    await page.getByRole("tabpanel").getByRole("button", { name: "Load more" }).click();
    await expect(cards).not.toHaveCount(shown);
  }
  return card;
}
