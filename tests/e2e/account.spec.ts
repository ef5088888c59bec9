import { expect, test } from "@playwright/test";
import { header, logIn } from "../support/browser-auth.ts";
import { latestMailTo, verifyLinkIn } from "../../local-stack/test/mailpit.ts";
import { createMember } from "../support/api.ts";

// /account, end to end against the real Auth: names, password and e-mail
// address (pending until its links, read from the mail catcher, are opened).



test("a member changes their name, password and e-mail address on /account", async ({ page, browser }) => {
  const member = await createMember({ lastName: "account" });
  await logIn(page, member.email, "test-password-1");
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
  await logIn(elsewhere, member.email, "test-password-1");
  const password = page.getByRole("form", { name: "Set a new password" });
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
});
