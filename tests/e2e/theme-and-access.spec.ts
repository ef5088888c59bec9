import { expect, test, withoutWaitingForApp, type Locator, type Page, type Route } from "../support/playwright.ts";
import { api, createAdmin, createMember, type SignedInUser } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { loadUntilShown, toHeadOfReviewQueue } from "../support/review-queue.ts";

// Dark mode and reading without a mouse, against the real local stack (only
// analytics is stubbed): every listed screen is axe-clean in both themes,
// the header's toggle is remembered and applied before the app's code runs,
// the post page, the lists and the review panel work with the keyboard alone,
// dialogs keep and give back focus, 200 % zoom does not scroll sideways, and
// a printed post leaves out the header, votes, forms and buttons.

const run = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The password tests/support/api.ts signs every test user up with. */
const PASSWORD = "test-password-1";
const backgrounds = { light: "rgb(247, 247, 245)", dark: "rgb(18, 20, 22)" } as const;
type Theme = keyof typeof backgrounds;

let author: SignedInUser;
let admin: SignedInUser;
const ids = { post: 0, pending: 0, comment: 0 };

test.beforeAll(async () => {
  author = await createMember({ lastName: "theme" });
  admin = await createAdmin({ lastName: "theme-admin" });
  ids.post = await createPost(author, {
    title: `Readable post ${run}`,
    excerpt: `An excerpt to print ${run}`,
    content: `Some **markdown** with [a source](https://example.com/source-${run}) and more words.`,
    tags: [`theme-${run}`],
    createdAt: new Date().toISOString(),
  });
  ids.comment = await createComment(author, ids.post, { content: `A comment to reply to ${run}` });
  ids.pending = await createPost(author, { title: `Pending for review ${run}`, status: "pending" });
  // An edit suggestion, so the review panel shows a word diff.
  const suggester = await createMember({ lastName: "theme-suggester" });
  const suggestion = await api("POST", `/api/posts/${ids.post}/suggestions`, {
    token: suggester.token,
    json: { content: `Some **markdown** with [a source](https://example.com/source-${run}) and a few more words.`, summary: `Theme diff ${run}` },
  });
  expect(suggestion.status).toBe(201);
});

test.beforeEach(async ({ page }) => {
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

/** A route handler that refuses the app's script files (the built chunks, or the dev server's modules) and lets the rest through. */
const refuseScriptFiles = (route: Route) => (route.request().resourceType() === "script" ? route.abort() : route.fallback());

async function expectTheme(page: Page, theme: Theme) {
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(backgrounds[theme]);
}

/** Opens `path`, waits until each of `shown` is visible, and checks the theme and axe there. */
async function expectAxeClean(page: Page, theme: Theme, path: string, ...shown: Locator[]) {
  await page.goto(path);
  for (const locator of shown) await expect(locator).toBeVisible();
  await expectTheme(page, theme);
  await expectNoSeriousAxeViolations(page);
}

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, limit = 150, key = "Tab") {
  await expect(target).toBeVisible();
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${limit} presses of ${key} did not reach ${target}`);
}

/** What has focus shows it: the outline of :focus-visible (styles/global.css). */
async function expectVisibleFocus(target: Locator) {
  const style = await target.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { focusVisible: element.matches(":focus-visible"), outline: computed.outlineStyle, width: computed.outlineWidth };
  });
  expect(style).toEqual({ focusVisible: true, outline: "solid", width: "3px" });
}

const dialogHasFocus = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

for (const theme of ["light", "dark"] as const) {
  test.describe(`in the ${theme} theme (the system's setting)`, () => {
    test.use({ colorScheme: theme });

    test("home and a post are axe-clean", async ({ page }) => {
      await expectAxeClean(page, theme, "/", page.getByRole("heading", { level: 2, name: "Recent News" }));
      await expectAxeClean(
        page,
        theme,
        `/posts/${ids.post}`,
        page.getByRole("heading", { level: 1, name: `Readable post ${run}` }),
        page.getByText(`A comment to reply to ${run}`),
      );
    });

    test("a post's history, all posts, the timeline and sign-in are axe-clean", async ({ page }) => {
      const readablePost = page.getByRole("link", { name: `Readable post ${run}` });
      await expectAxeClean(page, theme, `/posts/${ids.post}/history`, page.getByRole("heading", { level: 1, name: "History" }));
      await expectAxeClean(page, theme, "/posts/all", page.getByRole("heading", { level: 1, name: "All posts" }), readablePost);
      await expectAxeClean(page, theme, "/timeline", page.getByRole("heading", { level: 1, name: "Timeline" }), readablePost);
      await expectAxeClean(page, theme, "/sign-in", page.getByRole("form", { name: "Log in" }));
    });

    // One test per screen or two: axe over many screens in one test outlasts the timeout on a loaded machine.
    test("create post is axe-clean", async ({ page }) => {
      await logIn(page, admin.email, PASSWORD);
      await expectAxeClean(page, theme, "/create-post", page.getByRole("form", { name: "Create post" }));
    });

    test("the review panel, its editor and its word diff are axe-clean", async ({ page }) => {
      await logIn(page, admin.email, PASSWORD);
      await toHeadOfReviewQueue(`Pending for review ${run}`, `Theme diff ${run}`);
      await page.goto("/admin/review");
      const card = await loadUntilShown(page, page.getByRole("article", { name: `Pending for review ${run}` }));
      await expectTheme(page, theme);
      await expectNoSeriousAxeViolations(page);

      await card.getByRole("button", { name: "Edit" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      await page.getByRole("tab", { name: /^Edit Suggestions/ }).click();
      const suggestionCard = await loadUntilShown(page, page.getByRole("article").filter({ hasText: `Theme diff ${run}` }));
      await expect(suggestionCard.locator("ins")).toHaveText(["a few "]);
      await expectNoSeriousAxeViolations(page);
    });

    for (const [path, heading] of [
      ["/admin/suggestions", "User suggestions"],
      ["/admin/moderation-log", "Moderation log"],
      ["/me", "My contributions"],
      ["/suggestion", "Suggest"],
    ]) {
      test(`${heading} (${path}) is axe-clean`, async ({ page }) => {
        await logIn(page, admin.email, PASSWORD);
        await expectAxeClean(page, theme, path, page.getByRole("heading", { level: 1, name: heading }));
      });
    }
  });
}

test.describe("the header's theme toggle", () => {
  test.use({ colorScheme: "light" });

  test("is remembered across a reload, applied before the app's code runs, and forgotten when it matches the system", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("banner").getByRole("button", { name: "Dark theme" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expectTheme(page, "light");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expectTheme(page, "dark");
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute("content", "#1c2024");

    await page.reload();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expectTheme(page, "dark");

    // Without the app (every script file refused), only index.html's inline
    // script can have set the theme: the page is dark from its first paint.
    await page.route("**/*", refuseScriptFiles);
    await withoutWaitingForApp(page, () => page.reload());
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    // The host's first screen is there, and no script has taken it over.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-first-screen", "");
    await page.unroute("**/*", refuseScriptFiles);

    // Back to what the system shows: the choice is forgotten, the page follows the system again.
    await page.reload();
    await toggle.click();
    await expectTheme(page, "light");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
    await page.emulateMedia({ colorScheme: "dark" });
    await expectTheme(page, "dark");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
  });

  test("a stored choice wins over the system's setting on the very first load", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    await context.addInitScript(() => localStorage.setItem("theme", "light"));
    const page = await context.newPage();
    await page.route("**/*", refuseScriptFiles);
    await withoutWaitingForApp(page, () => page.goto("/"));
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await context.close();
  });
});

test.describe("with the keyboard alone", () => {
  test("the first Tab reaches the skip link, which moves focus to the main content", async ({ page }) => {
    await page.goto(`/posts/${ids.post}`);
    await expect(page.getByRole("heading", { level: 1, name: `Readable post ${run}` })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectVisibleFocus(skip);
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/posts/${ids.post}$`));
    // The next Tab starts inside main: the post's Back button, not the header.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("main").getByRole("button", { name: "Back" })).toBeFocused();
  });

  test("vote, comment and reply on a post", async ({ page }) => {
    // An admin: no comment cooldown between the comment and the reply.
    await logIn(page, admin.email, PASSWORD);
    await page.goto(`/posts/${ids.post}`);
    await expect(page.getByText(`A comment to reply to ${run}`)).toBeVisible();
    await page.getByRole("link", { name: "Skip to main content" }).focus();

    const votes = page.getByRole("group", { name: "Vote on this post" });
    const upvote = votes.getByRole("button", { name: "Upvote" });
    await tabTo(page, upvote);
    await expectVisibleFocus(upvote);
    await page.keyboard.press("Enter");
    await expect(votes.getByRole("button", { name: "Remove upvote" })).toHaveAttribute("aria-pressed", "true");

    const commentForm = page.getByRole("form", { name: "Add a comment" });
    const commentBox = commentForm.getByRole("textbox", { name: "Add a comment" });
    await tabTo(page, commentBox);
    await page.keyboard.type(`Typed with the keyboard ${run}`);
    await page.keyboard.press("Tab");
    await expect(commentForm.getByRole("button", { name: "Post Comment" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("article", { name: /Comment by/ }).filter({ hasText: `Typed with the keyboard ${run}` })).toBeVisible();

    const thread = page.getByTestId("comment").filter({ hasText: `A comment to reply to ${run}` });
    const replyToggle = thread.getByRole("button", { name: "Reply" });
    await replyToggle.scrollIntoViewIfNeeded();
    await tabTo(page, replyToggle);
    await page.keyboard.press("Enter");
    const replyForm = page.getByRole("form", { name: "Write a reply" });
    await tabTo(page, replyForm.getByRole("textbox", { name: "Write a reply" }), 10);
    await page.keyboard.type(`A keyboard reply ${run}`);
    await tabTo(page, replyForm.getByRole("button", { name: "Reply" }), 5);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("reply").filter({ hasText: `A keyboard reply ${run}` })).toBeVisible();
  });

  test("the all-posts list: reach a post from the skip link and open it", async ({ page }) => {
    await page.goto("/posts/all");
    await expect(page.getByRole("heading", { level: 1, name: "All posts" })).toBeVisible();
    const postLink = page.getByRole("main").getByRole("link", { name: `Readable post ${run}` });
    await page.getByRole("link", { name: "Skip to main content" }).focus();
    await page.keyboard.press("Enter");
    await tabTo(page, postLink, 200);
    await expectVisibleFocus(postLink);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/posts/${ids.post}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Readable post ${run}` })).toBeVisible();
  });

  test("a dialog keeps Tab inside it and gives focus back to its opener", async ({ page }) => {
    await page.goto("/");
    const opener = page.getByRole("banner").getByRole("button", { name: "Log in", exact: true });
    await tabTo(page, opener, 40);
    await expectVisibleFocus(opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Log in", exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("E-mail")).toBeFocused();

    const seen = new Set<string>();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await dialogHasFocus(dialog)).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ""));
    }
    // It went round: more than a couple of controls, and back to the first.
    expect(seen.size).toBeGreaterThan(3);
    await tabTo(page, dialog.getByLabel("E-mail"), 30);
    await page.keyboard.press("Shift+Tab");
    expect(await dialogHasFocus(dialog)).toBe(true);
    await expect(dialog.getByLabel("E-mail")).not.toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the admin review panel: switch queues, open and close the editor, accept a post", async ({ page }) => {
    const pending = await createPost(author, { title: `Accept by keyboard ${run}`, status: "pending" });
    await toHeadOfReviewQueue(`Accept by keyboard ${run}`);
    await logIn(page, admin.email, PASSWORD);
    await page.goto("/admin/review");
    const card = await loadUntilShown(page, page.getByRole("article", { name: `Accept by keyboard ${run}` }));

    const postsTab = page.getByRole("tab", { name: /^New Posts/ });
    await page.getByRole("link", { name: "Skip to main content" }).focus();
    await page.keyboard.press("Enter");
    await tabTo(page, postsTab, 10);
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: /^Edit Suggestions/ })).toBeFocused();
    await expect(page.getByRole("tab", { name: /^Edit Suggestions/ })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(postsTab).toBeFocused();
    await expect(card).toBeVisible();

    // Other suites' pending posts come before this one in the shared queue: start at the card's first control.
    const edit = card.getByRole("button", { name: "Edit" });
    await card.getByRole("button", { name: "Show details" }).focus();
    await tabTo(page, edit, 5);
    await expectVisibleFocus(edit);
    await page.keyboard.press("Enter");
    const editor = page.getByRole("dialog");
    await expect(editor).toBeVisible();
    await expect.poll(() => dialogHasFocus(editor)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(editor).toBeHidden();
    await expect(edit).toBeFocused();

    await tabTo(page, card.getByRole("button", { name: "Accept" }), 5);
    await page.keyboard.press("Enter");
    await expect(card).toBeHidden();
    const published = await api<{ post: { status: string } }>("GET", `/api/posts/${pending}`);
    expect(published.status).toBe(200);
  });
});

test.describe("at 200 % zoom (320 CSS pixels wide)", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  const noSidewaysScroll = (page: Page) =>
    expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  test("no screen scrolls sideways, signed out and as an admin", async ({ page }) => {
    const screens: [string, (page: Page) => Locator][] = [
      ["/", (p) => p.getByRole("heading", { level: 2, name: "Recent News" })],
      [`/posts/${ids.post}`, (p) => p.getByText(`A comment to reply to ${run}`)],
      [`/posts/${ids.post}/history`, (p) => p.getByRole("heading", { level: 1, name: "History" })],
      ["/posts/all", (p) => p.getByRole("link", { name: `Readable post ${run}` })],
      ["/timeline", (p) => p.getByRole("link", { name: `Readable post ${run}` })],
      ["/sign-in", (p) => p.getByRole("form", { name: "Log in" })],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      await noSidewaysScroll(page);
    }

    await logIn(page, admin.email, PASSWORD);
    await noSidewaysScroll(page);
    // On a narrow screen the theme toggle is at the end of the header's menu, reached by scrolling down, not sideways.
    await page.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
    const themeToggle = page.getByRole("banner").getByRole("button", { name: "Dark theme" });
    await themeToggle.scrollIntoViewIfNeeded();
    await expect(themeToggle).toBeInViewport();
    await noSidewaysScroll(page);
    await page.goto("/create-post");
    await expect(page.getByRole("form", { name: "Create post" })).toBeVisible();
    await noSidewaysScroll(page);
    await toHeadOfReviewQueue(`Pending for review ${run}`);
    await page.goto("/admin/review");
    await loadUntilShown(page, page.getByRole("article", { name: `Pending for review ${run}` }));
    await noSidewaysScroll(page);
  });
});

test.describe("printing a post", () => {
  test.use({ colorScheme: "dark" });

  test("prints the post in black on white without the header, votes, forms and buttons; links show their address", async ({ page }) => {
    await logIn(page, admin.email, PASSWORD);
    await page.goto(`/posts/${ids.post}`);
    await expect(page.getByText(`A comment to reply to ${run}`)).toBeVisible();
    await expect(page.getByRole("form", { name: "Add a comment" })).toBeVisible();
    await page.emulateMedia({ media: "print" });

    await expect(page.getByRole("heading", { level: 1, name: `Readable post ${run}` })).toBeVisible();
    await expect(page.getByText(`An excerpt to print ${run}`)).toBeVisible();
    await expect(page.getByText(`A comment to reply to ${run}`)).toBeVisible();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeHidden();
    await expect(page.getByRole("group", { name: "Vote on this post" })).toBeHidden();
    await expect(page.getByRole("form", { name: "Add a comment" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Reply" })).toBeHidden();
    for (const button of await page.getByRole("button").all()) await expect(button).toBeHidden();

    const colors = await page.evaluate(() => ({ text: getComputedStyle(document.body).color, background: getComputedStyle(document.body).backgroundColor }));
    expect(colors).toEqual({ text: "rgb(0, 0, 0)", background: "rgb(255, 255, 255)" });
    const source = page.getByRole("link", { name: "a source" });
    expect(await source.evaluate((link) => getComputedStyle(link, "::after").content)).toBe(`" (https://example.com/source-${run})"`);
  });
});
