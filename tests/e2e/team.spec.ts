import { expect, test, type Locator, type Page } from "../support/playwright.ts";
import { configuredSubject } from "../../local-stack/test/configured-mail.ts";
import { latestMailTo, verifyLinkIn } from "../../local-stack/test/mailpit.ts";
import { api, createAdmin, createMember, createModerator } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { header, logIn } from "../support/browser-auth.ts";
import { createPost } from "../support/fixtures.ts";
import { loadUntilShown, toHeadOfReviewQueue } from "../support/review-queue.ts";
import { moderationItems } from "../support/moderate-menu.ts";

// The moderation team in the browser, against the real local
// stack: an admin invites a moderator, the invitation arrives in the mail
// catcher, its link lands on the page where the invitee chooses a name and
// a password, and the new moderator reviews a post they cannot pin; an admin
// finds a member on People and suspends them. Every test makes its own
// admin, members and posts; each screen is checked with axe in its theme.

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The password tests/support/api.ts signs every test user up with. */
const PASSWORD = "test-password-1";

/** The toast (sonner) with this text. */
const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Opens one of the team's pages from the header: the badge's menu on a wide screen, the menu's team section on a phone. */
async function openTeamPage(page: Page, badge: "Admin" | "Moderator", link: string) {
  const menu = header(page).getByRole("button", { name: "Menu", exact: true });
  if (await menu.isVisible()) {
    await menu.click();
    await header(page).getByRole("navigation", { name: badge }).getByRole("link", { name: link, exact: true }).click();
  } else {
    await header(page).getByRole("button", { name: badge, exact: true }).click();
    await header(page).getByRole("link", { name: link, exact: true }).click();
  }
}

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** A dialog opened from a table cell takes none of its text styles: its content is no wider than it is, and its button is in view. */
async function expectDialogFits(dialog: Locator, button: Locator) {
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await expect(button).toBeInViewport({ ratio: 1 });
}

// Each width once and each theme once: the flows are the same in both themes, and
// theme-and-access.spec checks every page's contrast in both.
const views = [
  { width: 1280, theme: "light" },
  { width: 360, theme: "dark" },
] as const;

for (const { width, theme } of views) {
  test.describe(`at ${width} px, ${theme}`, () => {
    test.use({ viewport: { width, height: 900 }, colorScheme: theme });
    const tag = `${run}-${width}-${theme}`;

    test.beforeEach(async ({ page }) => {
      await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
    });

    // Two tests: the invitation's round trip, then what a moderator may do; one test for both outlasts the timeout on a loaded machine.
    test("an admin invites a moderator, who joins by the e-mail's link and shows on People as an active moderator", async ({ page, browser }) => {
      const admin = await createAdmin({ lastName: `team-admin-${tag}` });
      await createMember({ lastName: `team-author-${tag}` });
      const email = `moderator-${tag}@example.com`;

      await logIn(page, admin.email, PASSWORD);
      await openTeamPage(page, "Admin", "People");
      await expect(page).toHaveURL(/\/admin\/people$/);
      await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(`team-author-${tag}`) })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("button", { name: "Invite", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Invite to the team" });
      await dialog.getByLabel("E-mail").fill(email);
      await expect(dialog.getByLabel("Role")).toHaveValue("moderator");
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole("button", { name: "Send the invitation" }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(page, `Invitation sent to ${email}.`)).toBeVisible();
      await page.getByLabel("Search by name or e-mail").fill(email);
      const invitedRow = page.getByRole("row", { name: new RegExp(email.replace(/[.]/g, "\\.")) });
      await expect(invitedRow).toContainText("Invited as moderator");
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/[.]/g, "\\.")}`));

      const mail = await latestMailTo(email);
      expect(mail.Subject).toBe(configuredSubject("invite"));

      // The invitee, in a browser of their own.
      const theirs = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
      const invitee = await theirs.newPage();
      await invitee.goto(verifyLinkIn(mail));
      await expect(invitee).toHaveURL(/\/welcome\/invite/);
      await expect(invitee.getByRole("heading", { level: 1, name: "Join the team" })).toBeVisible();
      await expect(invitee.getByText(`Signed in as ${email}. You are invited as a moderator`)).toBeVisible();
      await expectNoSidewaysScroll(invitee);
      await expectNoSeriousAxeViolations(invitee);

      await invitee.getByLabel("First name").fill("Robin");
      await invitee.getByLabel("Last name").fill(`Mod ${tag}`);
      await invitee.getByLabel("Password", { exact: true }).fill("a-moderator-secret");
      await invitee.getByLabel("Repeat the password").fill("another-secret");
      await invitee.getByLabel("I am 18 or older").check();
      await invitee.getByRole("button", { name: "Join the team" }).click();
      await expect(invitee.getByText("The passwords do not match")).toBeVisible();
      await expect(invitee.getByLabel("First name")).toHaveValue("Robin");
      await invitee.getByLabel("Repeat the password").fill("a-moderator-secret");
      await invitee.getByRole("button", { name: "Join the team" }).click();

      await expect(invitee).toHaveURL(/\/admin\/review$/);
      await expect(invitee.getByText("Welcome to the team, Robin! You are now a moderator.")).toBeVisible();
      await expect(header(invitee).getByRole("button", { name: "Admin", exact: true })).toHaveCount(0);

      // People stays an admin's page.
      await invitee.goto("/admin/people");
      await expect(invitee.getByRole("heading", { name: "Access Denied" })).toBeVisible();

      // The admin's People shows them as an active moderator now, by the name they chose.
      await page.reload();
      await expect(invitedRow).toContainText(`Robin Mod ${tag}`);
      await expect(invitedRow).toContainText("Moderator");
      await expect(invitedRow).toContainText("Active");

      // The password they chose signs them in from anywhere.
      const again = await browser.newContext({ viewport: { width, height: 900 } });
      await logIn(await again.newPage(), email, "a-moderator-secret");
      await again.close();
      await theirs.close();
    });

    test("a moderator approves a post and is offered no Pin, Mark important or Delete on it", async ({ page }) => {
      const moderator = await createModerator({ lastName: `team-moderator-${tag}` });
      const author = await createMember({ lastName: `team-poster-${tag}` });
      const title = `Waiting for the moderator ${tag}`;
      const postId = await createPost(author, { title, status: "pending" });
      await toHeadOfReviewQueue(title);

      await logIn(page, moderator.email, PASSWORD);
      await openTeamPage(page, "Moderator", "Review");
      await expect(page).toHaveURL(/\/admin\/review$/);
      const card = await loadUntilShown(page, page.getByRole("article", { name: title }));
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);

      await card.getByRole("button", { name: "Accept" }).click();
      await expect(toast(page, "Post approved successfully!")).toBeVisible();
      await expect(card).toBeHidden();
      expect((await api("GET", `/api/posts/${postId}`)).status).toBe(200);

      // On the published post: the moderator may suspend its author, and is offered no Pin, Mark important or Delete.
      await page.goto(`/posts/${postId}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      expect(await moderationItems(page)).toEqual([`Suspend the author of post ${postId}`]);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);

      // The header shows the Moderator badge with the moderator's pages, People not among them.
      const menu = header(page).getByRole("button", { name: "Menu", exact: true });
      if (await menu.isVisible()) {
        await menu.click();
        const team = header(page).getByRole("navigation", { name: "Moderator" });
        await expect(team.getByRole("link")).toHaveText(["Review", "Suggestions", "Log", "Link health"]);
      } else {
        await header(page).getByRole("button", { name: "Moderator", exact: true }).click();
        await expect(header(page).getByRole("link", { name: "Review", exact: true })).toBeVisible();
        await expect(header(page).getByRole("link", { name: "People", exact: true })).toHaveCount(0);
      }
      await expectNoSeriousAxeViolations(page);
    });

    test("an admin finds a member on People by search and suspends them", async ({ page }) => {
      const admin = await createAdmin({ lastName: `people-admin-${tag}` });
      const member = await createMember({ lastName: `findme-${tag}` });
      const name = `Test findme-${tag}`;

      await logIn(page, admin.email, PASSWORD);
      await page.goto("/admin/people");
      await page.getByLabel("Search by name or e-mail").fill(`FINDME-${tag}`);
      await expect(page).toHaveURL(new RegExp(`q=FINDME-${tag}`));
      const row = page.getByRole("row", { name: new RegExp(name) });
      await expect(row).toBeVisible();
      // Only them: every other account's row is gone (each row shows an address).
      await expect(page.getByRole("row").filter({ hasText: "@" })).toHaveCount(1);
      await expect(row).toContainText("Active");
      await expect(row).toContainText("Member");

      await row.getByRole("button", { name: `Suspend ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: `Suspend ${name}` });
      await expectDialogFits(dialog, dialog.getByRole("button", { name: "Suspend", exact: true }));
      await dialog.getByLabel("For how long").selectOption({ label: "7 days" });
      await dialog.getByLabel("Reason (the member sees it)").fill("Spam in every comment");
      await dialog.getByRole("button", { name: "Suspend", exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText("Suspended until");
      await expect(row).toContainText("Spam in every comment");
      await expect(row.getByRole("button", { name: `Lift the suspension of ${name}` })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);

      const standing = await api("GET", "/api/me", { token: member.token });
      expect(standing.body.suspension).toMatchObject({ reason: "Spam in every comment" });

      // The filters are in the address: a reload shows the same list.
      await page.getByLabel("State").selectOption("suspended");
      await expect(page).toHaveURL(/state=suspended/);
      await page.reload();
      await expect(page.getByLabel("Search by name or e-mail")).toHaveValue(`FINDME-${tag}`);
      await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
    });
  });
}

test.describe("at 1280 and 360 px", () => {
  test.beforeEach(async ({ page }) => {
    await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
  });

  test("an invitee shows on People by address as invited as moderator, and the e-mail names the inviter, the role and the page it opens", async ({ page }) => {
    const tag = `${run}-invitee`;
    const admin = await createAdmin({ lastName: `inviter-${tag}` });
    const email = `invitee-${tag}@example.com`;
    const invited = await api("POST", "/api/admin/people/invite", { token: admin.token, json: { email, role: "moderator" } });
    expect(invited.status).toBe(201);

    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, admin.email, PASSWORD);
    await page.goto(`/admin/people?q=${encodeURIComponent(email)}`);
    // The first load of an admin page in a fresh browser can take a while on a busy machine.
    await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole("row", { name: new RegExp(email.replace(/[.]/g, "\\.")) });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(row.locator("td").first()).toHaveText(email);
      await expect(row.locator("td").nth(1)).toContainText("Invited as moderator");
      await expect(row).not.toContainText("Member");
      // Nothing that waits for them to accept: no Change role, no Suspend.
      await expect(row.getByRole("button")).toHaveText(["Resend invitation"]);
      await expectNoSidewaysScroll(page);
    }

    const mail = (await latestMailTo(email)).Text.replace(/\s+/g, " ");
    expect(mail).toContain(`Test inviter-${tag} has invited you to join the team of The Community Archive as a moderator.`);
    expect(mail).toContain(`opens the page "Join the team", where you choose the name others will see and a password.`);
  });

  test("a moderator's header keeps the search wide enough to read, and the review tabs keep one line each", async ({ page }) => {
    const moderator = await createModerator({ lastName: `header-${run}` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, moderator.email, PASSWORD);
    await page.goto("/admin/review");
    const search = header(page).getByRole("searchbox", { name: "Search posts" });
    for (const width of [1280, 1200, 1152]) {
      await page.setViewportSize({ width, height: 900 });
      // Its placeholder in full.
      expect(await search.evaluate((input: HTMLInputElement) => {
        const probe = document.createElement("span");
        probe.style.font = getComputedStyle(input).font;
        probe.textContent = input.placeholder;
        document.body.append(probe);
        const room = input.clientWidth - parseFloat(getComputedStyle(input).paddingLeft) - parseFloat(getComputedStyle(input).paddingRight);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return room >= needed;
      })).toBe(true);
    }

    await page.setViewportSize({ width: 360, height: 900 });
    const tabs = page.getByRole("tablist", { name: "Review queues" }).getByRole("tab");
    await expect(tabs).toHaveCount(3);
    for (const tab of await tabs.all()) {
      const { height, lineHeight } = await tab.evaluate((element) => ({
        height: element.getBoundingClientRect().height - parseFloat(getComputedStyle(element).paddingTop) - parseFloat(getComputedStyle(element).paddingBottom),
        lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      }));
      expect(height).toBeLessThan(lineHeight * 1.5);
    }
    await expectNoSidewaysScroll(page);
  });
});
