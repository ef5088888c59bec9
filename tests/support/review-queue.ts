import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Waits until `card` is in the review panel's open queue, pressing Load more
 * as a moderator would: the queues come a page at a time, oldest first, and
 * other suites leave items in them. Returns the card.
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
