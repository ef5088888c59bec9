import { expect, test, type Page } from "../support/playwright.ts";
import { header } from "../support/browser-auth.ts";
import { configuredSubject } from "../../local-stack/test/configured-mail.ts";
import { latestMailTo, verifyLinkIn } from "../../local-stack/test/mailpit.ts";
import { createMember } from "../support/api.ts";

// Forgot password, end to end: the form, the e-mail (read from the mail
// catcher, Mailpit's API on both stacks), its link, and the new password.

const sentNotice = "If an account exists for that e-mail, we sent a link.";

async function requestLink(page: Page, email: string) {
  await page.goto("/");
  await header(page).getByRole("button", { name: "Log in", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log in", exact: true });
  await dialog.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(sentNotice)).toBeVisible();
}

test("a member who forgot their password gets a link by e-mail, sets a new one and is signed in", async ({ page, browser }) => {
  const member = await createMember({ lastName: "forgot" });
  await requestLink(page, member.email);

  const mail = await latestMailTo(member.email);
  expect(mail.Subject).toBe(configuredSubject("recovery"));
  const link = verifyLinkIn(mail);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${member.email}`)).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill("brand-new-secret-7");
  await page.getByLabel("Repeat the new password").fill("not-the-same");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("The passwords do not match")).toBeVisible();
  await page.getByLabel("Repeat the new password").fill("brand-new-secret-7");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole("link", { name: "Post", exact: true })).toBeVisible();

  // The new password works from another browser; the used link does not.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto("/");
  await header(fresh).getByRole("button", { name: "Log in", exact: true }).click();
  const dialog = fresh.getByRole("dialog", { name: "Log in", exact: true });
  await dialog.getByLabel("E-mail").fill(member.email);
  await dialog.getByLabel("Password").fill("brand-new-secret-7");
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog).toBeHidden();
  await other.close();

  const third = await browser.newContext();
  const again = await third.newPage();
  await again.goto(link);
  await expect(again.getByText("This link is invalid or has expired.")).toBeVisible();
  await third.close();
});

test("the forgot-password form says the same for an address without an account", async ({ page }) => {
  await requestLink(page, `nobody-${Date.now()}@example.com`);
});
