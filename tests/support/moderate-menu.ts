import { expect, type Locator, type Page } from "@playwright/test";

/** The post page's Moderate menu, opened (the team's post controls live in it). */
export async function openModerateMenu(page: Page): Promise<Locator> {
  const button = page.getByRole("button", { name: "Moderate", exact: true });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  const menu = page.getByRole("menu", { name: "Moderate" });
  await expect(menu).toBeVisible();
  return menu;
}

/** Chooses `item` (its accessible name) from the post page's Moderate menu. */
export async function moderate(page: Page, item: string): Promise<void> {
  await (await openModerateMenu(page)).getByRole("menuitem", { name: item, exact: true }).click();
}

/** The Moderate menu's item names, read with the menu open and then closed again (Escape). */
export async function moderationItems(page: Page): Promise<string[]> {
  const menu = await openModerateMenu(page);
  const names = await menu.getByRole("menuitem").evaluateAll((items) => items.map((item) => item.getAttribute("aria-label") ?? item.textContent ?? ""));
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  return names;
}
