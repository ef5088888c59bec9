import { expect, test, type Locator, type Page } from "../support/playwright.ts";
import { createAdmin, createMember, type SignedInUser } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { header, logIn } from "../support/browser-auth.ts";
import { createPost } from "../support/fixtures.ts";

// The site's shell against the real local stack (only analytics is stubbed):
// on a phone the header is one row with a menu button whose panel holds the
// rest and works with the keyboard; on a desktop an admin's header is one row
// with the admin's pages under one Admin menu; the header's search lands on
// All posts' results; e-mails wrap only between their parts; axe stays clean
// with the menus open and closed, in both themes.

/** The password tests/support/api.ts signs every test user up with. */
const PASSWORD = "test-password-1";
const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
/** A word of the seed's posts (supabase/seed.sql), and one post it finds. */
const seedQuery = "Northbound";
const seedPostTitle = '"Northbound" album release';

let member: SignedInUser;
let admin: SignedInUser;
type Who = "visitor" | "member" | "admin";

test.beforeAll(async () => {
  member = await createMember({ lastName: "navigation" });
  admin = await createAdmin({ lastName: "navigation-admin" });
});

test.beforeEach(async ({ page }) => {
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

const bar = (page: Page) => page.getByTestId("header-bar");
const menuButton = (page: Page) => header(page).getByRole("button", { name: "Menu", exact: true });

/** Opens the site as a visitor, or signed in as the member or the admin, and waits for the header's account controls. */
async function openAs(page: Page, who: Who, path = "/") {
  if (who === "visitor") await page.goto(path);
  else {
    await logIn(page, (who === "admin" ? admin : member).email, PASSWORD);
    if (path !== "/") await page.goto(path);
  }
  const ready = who === "visitor" ? header(page).getByRole("button", { name: "Log in", exact: true }) : header(page).getByRole("link", { name: "Post", exact: true });
  await expect(ready).toBeVisible();
  if (who === "admin" && page.viewportSize()!.width >= desktop.width) await expect(header(page).getByRole("button", { name: "Admin", exact: true })).toBeVisible();
}

/** The header's bar is one row: at most 64 px high, and every control it shows lies inside it, none scrolled off to the side. */
async function expectOneRow(page: Page) {
  const box = (await bar(page).boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(64);
  const controls = bar(page).locator("a:visible, button:visible, input:visible");
  expect(await controls.count()).toBeGreaterThan(2);
  for (const control of await controls.all()) {
    const part = (await control.boundingBox())!;
    expect(part.y).toBeGreaterThanOrEqual(box.y);
    expect(part.y + part.height).toBeLessThanOrEqual(box.y + box.height);
    expect(part.x + part.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

/** The panel a disclosure button controls (aria-controls). */
async function panelOf(page: Page, button: Locator) {
  const id = await button.getAttribute("aria-controls");
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${limit} presses of Tab did not reach ${target}`);
}

/** For each part of an e-mail address between its break points ("user-…", "@test", ".example", ".com"), the lines it lies on; and how many lines the whole takes. */
const emailLines = (address: Locator) =>
  address.evaluate((element) => {
    const tops = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return [...range.getClientRects()].map((rect) => Math.round(rect.top));
    };
    const parts = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
    return { linesPerPart: parts.map((part) => new Set(tops(part)).size), lines: new Set(parts.flatMap(tops)).size };
  });

const hasFocusInside = (panel: Locator) => panel.evaluate((element) => element.contains(document.activeElement));

test.describe("on a phone (360 x 740)", () => {
  test.use({ viewport: phone });

  for (const who of ["visitor", "member", "admin"] as const) {
    test(`the ${who}'s header is one row with a menu button`, async ({ page }) => {
      await openAs(page, who);
      await expect(menuButton(page)).toBeVisible();
      await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
      await expect(header(page).getByRole("link", { name: "All posts", exact: true })).toBeHidden();
      await expectOneRow(page);
    });
  }

  test("the menu works with the keyboard: focus moves into it, Tab goes through it, Escape closes it and focus returns", async ({ page }) => {
    await openAs(page, "visitor");
    const menu = menuButton(page);
    const panel = await panelOf(page, menu);
    await expect(panel).toBeHidden();

    await page.getByRole("link", { name: "Skip to main content" }).focus();
    await tabTo(page, menu);
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "All posts", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: "Timeline", exact: true })).toBeFocused();
    for (const name of ["Contact", "Terms of Service", "Privacy Policy", "Suggest"]) await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Sign up", exact: true })).toBeVisible();
    await tabTo(page, panel.getByRole("button", { name: "Dark theme" }), 10);
    expect(await hasFocusInside(panel)).toBe(true);

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();

    // Tab past its last control closes it too.
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await tabTo(page, panel.getByRole("button", { name: "Dark theme" }), 10);
    await page.keyboard.press("Tab");
    await expect(panel).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  test("a link in the member's menu goes to its page and closes the menu", async ({ page }) => {
    await openAs(page, "member");
    const menu = menuButton(page);
    const panel = await panelOf(page, menu);

    await menu.click();
    await panel.getByRole("link", { name: "Timeline", exact: true }).click();
    await expect(page).toHaveURL(/\/timeline$/);
    await expect(page.getByRole("heading", { level: 1, name: "Timeline" })).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");

    await menu.click();
    await expect(panel.getByText(`Test navigation`, { exact: true })).toBeVisible();
    await panel.getByRole("link", { name: "My contributions", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My contributions" })).toBeVisible();
    await expect(panel).toBeHidden();
  });

  test("the admin's menu holds the admin's pages", async ({ page }) => {
    await openAs(page, "admin");
    const menu = menuButton(page);
    const panel = await panelOf(page, menu);
    await menu.click();
    const adminLinks = panel.getByRole("navigation", { name: "Admin" });
    await expect(adminLinks.getByRole("link")).toHaveText(["Review", "Suggestions", "Log", "Link health", "People"]);
    await adminLinks.getByRole("link", { name: "Review", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Review", exact: true })).toBeVisible();
    await expect(panel).toBeHidden();
  });

  test("a long e-mail in the menu wraps only between its parts, and its title holds it whole", async ({ page }) => {
    await openAs(page, "member");
    await menuButton(page).click();
    const address = header(page).getByTitle(member.email, { exact: true });
    await expect(address).toBeVisible();
    await expect(address).toHaveText(member.email);
    const { linesPerPart } = await emailLines(address);
    expect(linesPerPart.length).toBeGreaterThan(2);
    expect(linesPerPart.every((lines) => lines === 1)).toBe(true);
  });

  test("the search button opens a field that lands on All posts' results", async ({ page }) => {
    await openAs(page, "visitor");
    const open = header(page).getByRole("button", { name: "Search", exact: true });
    await open.click();
    await expect(open).toHaveAttribute("aria-expanded", "true");
    const field = header(page).getByRole("searchbox", { name: "Search posts" });
    await expect(field).toBeFocused();
    await field.fill(seedQuery);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(new RegExp(`/posts/all\\?search=${seedQuery}$`));
    await expect(page.getByRole("main").getByLabel("Search", { exact: true })).toHaveValue(seedQuery);
    await expect(page.getByRole("main").getByRole("link", { name: seedPostTitle })).toBeVisible();
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await expect(field).toBeHidden();
  });
});

test.describe("on a desktop (1280 x 800)", () => {
  test.use({ viewport: desktop });

  test("the admin's header is one row; the Admin badge opens the admin's pages and About the info pages", async ({ page }) => {
    await openAs(page, "admin");
    await expect(menuButton(page)).toHaveCount(0);
    await expectOneRow(page);

    const adminMenu = header(page).getByRole("button", { name: "Admin", exact: true });
    const adminPanel = await panelOf(page, adminMenu);
    await adminMenu.click();
    await expect(adminPanel.getByRole("link")).toHaveText(["Review", "Suggestions", "Log", "Link health", "People"]);
    await expect(adminPanel.getByRole("link", { name: "Review", exact: true })).toBeFocused();
    await adminPanel.getByRole("link", { name: "Log", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Moderation log" })).toBeVisible();
    await expect(adminPanel).toBeHidden();
    await expectOneRow(page);

    const about = header(page).getByRole("button", { name: "About", exact: true });
    const aboutPanel = await panelOf(page, about);
    await about.click();
    await expect(aboutPanel.getByRole("link")).toHaveText(["Contact", "Terms of Service", "Privacy Policy"]);
    await page.keyboard.press("Escape");
    await expect(aboutPanel).toBeHidden();
    await expect(about).toBeFocused();
  });

  test("the account menu shows the member's e-mail on one line, as wide as it needs", async ({ page }) => {
    await openAs(page, "member");
    await header(page).getByRole("button", { name: /^Account menu for / }).click();
    const address = header(page).getByTitle(member.email, { exact: true });
    await expect(address).toBeVisible();
    expect((await emailLines(address)).lines).toBe(1);
  });

  test("the header's search field lands on All posts' results and the page's own box shows the words", async ({ page }) => {
    await openAs(page, "member", "/timeline");
    const field = header(page).getByRole("searchbox", { name: "Search posts" });
    await field.fill(seedQuery);
    await field.press("Enter");

    await expect(page).toHaveURL(new RegExp(`/posts/all\\?search=${seedQuery}$`));
    await expect(page.getByRole("heading", { level: 1, name: "All posts" })).toBeVisible();
    await expect(page.getByRole("main").getByLabel("Search", { exact: true })).toHaveValue(seedQuery);
    await expect(page.getByRole("main").getByRole("link", { name: seedPostTitle })).toBeVisible();
    await expect(field).toHaveValue("");
  });
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`axe, in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("the phone header with the menu closed and open, and the search open", async ({ page }) => {
      await page.setViewportSize(phone);
      await openAs(page, "admin");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);

      await menuButton(page).click();
      await expect(header(page).getByRole("navigation", { name: "Admin" })).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await header(page).getByRole("button", { name: "Search", exact: true }).click();
      await expect(header(page).getByRole("searchbox", { name: "Search posts" })).toBeFocused();
      await expectNoSeriousAxeViolations(page);
    });

    test("the visitor's phone menu, and the desktop header with the Admin and account menus open", async ({ page }) => {
      await page.setViewportSize(phone);
      await openAs(page, "visitor");
      await menuButton(page).click();
      await expect(header(page).getByRole("button", { name: "Sign up", exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await page.setViewportSize(desktop);
      await openAs(page, "admin");
      await header(page).getByRole("button", { name: "Admin", exact: true }).click();
      await expect(header(page).getByRole("link", { name: "Review", exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await header(page).getByRole("button", { name: /^Account menu for / }).click();
      await expect(header(page).getByRole("link", { name: "Your account", exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  });
}

test("a page loaded fresh opens at its top, and Back returns to where the reader was", async ({ page }) => {
  const longRead = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} of a long read, long enough to scroll a phone and a laptop.`).join("\n\n");
  const postId = await createPost(member, { title: "A long read to scroll", content: longRead });
  for (const size of [phone, desktop]) {
    await page.setViewportSize(size);
    await page.goto(`/posts/${postId}`);
    await expect(page.getByText("Paragraph 59 of a long read")).toBeAttached({ timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);

    // Typed into the same tab: a new URL opens at the top, its heading in view.
    await page.goto("/privacy-policy");
    const heading = page.getByRole("heading", { level: 1, name: "Privacy Policy" });
    await expect(heading).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Within the site, a link opens its page at the top and Back returns to the place left.
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
    // Clicked where it is, since Playwright's own click would first scroll the footer into view.
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).evaluate((link: HTMLElement) => link.click());
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(heading).toBeAttached();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
  }
});
