import { expect, test } from "../support/playwright.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { header, logIn } from "../support/browser-auth.ts";
import { latestMailTo, verifyLinkIn } from "../../local-stack/test/mailpit.ts";
import { newClient } from "../../local-stack/test/env.ts";
import { createAdmin, createMember } from "../support/api.ts";

// /account, end to end against the real Auth: names, password (the current
// one required, as config.toml's require_current_password makes Auth check
// it) and e-mail address (pending until its links, read from the mail
// catcher, are opened); its sections as cards, at phone and desktop widths.

const PASSWORD = "test-password-1";

test.beforeEach(async ({ page }) => {
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

const passwordWorks = async (email: string, password: string) => !(await newClient().auth.signInWithPassword({ email, password })).error;

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("the account page is in sections, and a new password needs the right current one", async ({ page }) => {
      const member = await createMember({ lastName: `sections-${viewport.width}` });
      await logIn(page, member.email, PASSWORD);
      await page.goto("/account");
      await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
      for (const name of ["Your name", "E-mail address", "Password", "Your data", "Delete my account"]) {
        await expect(page.getByRole("region", { name }).getByRole("heading", { name, level: 2 })).toBeVisible();
      }
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      const form = page.getByRole("region", { name: "Password" }).getByRole("form", { name: "Set a new password" });
      const current = form.getByLabel("Current password");
      await form.getByLabel("New password", { exact: true }).fill("changed-secret-6");
      await form.getByLabel("Repeat the new password").fill("changed-secret-6");
      await form.getByRole("button", { name: "Save the new password" }).click();
      await expect(form.getByText("Enter your current password")).toBeVisible();

      await current.fill("not-my-password");
      await form.getByRole("button", { name: "Save the new password" }).click();
      await expect(form.getByText("That is not your current password")).toBeVisible();
      await expect(current).toHaveAttribute("aria-invalid", "true");
      await expect(current).toBeFocused();
      expect(await passwordWorks(member.email, PASSWORD)).toBe(true);

      await current.fill(PASSWORD);
      await form.getByRole("button", { name: "Save the new password" }).click();
      await expect(page.getByText("Your password has been changed.")).toBeVisible();
      expect(await passwordWorks(member.email, "changed-secret-6")).toBe(true);
      expect(await passwordWorks(member.email, PASSWORD)).toBe(false);
    });
  });
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const role of ["member", "admin"] as const) {
      test(`the account page of ${role === "admin" ? "an admin" : "a member"} is axe-clean, with a field's error showing`, async ({ page }) => {
        const user = role === "admin" ? await createAdmin({ lastName: `axe-${theme}` }) : await createMember({ lastName: `axe-${theme}` });
        await logIn(page, user.email, PASSWORD);
        await page.goto("/account");
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.getByRole("heading", { name: "Delete my account" })).toBeVisible();
        const form = page.getByRole("form", { name: "Set a new password" });
        await form.getByRole("button", { name: "Save the new password" }).click();
        await expect(form.getByText("Enter your current password")).toBeVisible();
        await expectNoSeriousAxeViolations(page);
      });
    }
  });
}

test("a member changes their name, password and e-mail address on /account", async ({ page, browser }) => {
  const member = await createMember({ lastName: "account" });
  await logIn(page, member.email, PASSWORD);
  await header(page).getByRole("button", { name: /^Account menu for/ }).click();
  await header(page).getByRole("link", { name: "Your account" }).click();
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();

  const names = page.getByRole("form", { name: "Your name" });
  await names.getByLabel("First name").fill("Renata");
  await names.getByLabel("Last name").fill("Renamed");
  await names.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name has been saved.")).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Account menu for Renata Renamed" })).toBeVisible();

  // Another device is signed out by the new password.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await logIn(elsewhere, member.email, PASSWORD);
  const password = page.getByRole("form", { name: "Set a new password" });
  await password.getByLabel("Current password").fill(PASSWORD);
  await password.getByLabel("New password", { exact: true }).fill("changed-secret-5");
  await password.getByLabel("Repeat the new password").fill("changed-secret-5");
  await password.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  // Its access token lives out its hour, as on Supabase; its session cannot be refreshed any more.
  const stored = await elsewhere.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("sb-") && k.endsWith("-auth-token"));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { refresh_token: string }).refresh_token : null;
  });
  expect(stored).toBeTruthy();
  const refresh = await elsewhere.request.post(`${process.env.SUPABASE_URL}/auth/v1/token?grant_type=refresh_token`, {
    headers: { apikey: process.env.SUPABASE_ANON_KEY! },
    data: { refresh_token: stored },
  });
  expect(refresh.status()).toBe(400);
  await other.close();

  const newEmail = `moved-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const emailForm = page.getByRole("form", { name: "E-mail address" });
  await emailForm.getByLabel("New e-mail address").fill(newEmail);
  await emailForm.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(page.getByText(`To change it to ${newEmail}, open the links we sent to ${member.email} and to ${newEmail}.`)).toBeVisible();
  await expect(emailForm.getByText(member.email, { exact: true })).toBeVisible();

  // The old address's link first (when Auth asks for both), then the new one's.
  const settings = await (await page.request.get(`${process.env.SUPABASE_URL}/auth/v1/settings`)).json();
  if (!settings.mailer_autoconfirm) {
    await page.goto(verifyLinkIn(await latestMailTo(member.email)));
  }
  // The link signs the user in again (its session in the address) and leads back here.
  await page.goto(verifyLinkIn(await latestMailTo(newEmail)));
  await expect(page).toHaveURL(/\/account#?$/);
  await expect(page.getByRole("form", { name: "E-mail address" }).getByText(newEmail, { exact: true })).toBeVisible();
  // A session begun by an e-mail link sets a new password without the current one, as Auth allows.
  await expect(page.getByText("You logged in with a link from an e-mail, so your current password is not needed.")).toBeVisible();
  await expect(password.getByLabel("Current password")).toHaveCount(0);
});
