import { expect, type Locator, type Page } from "@playwright/test";
import { latestMailTo, verifyLinkIn } from "../../local-stack/test/mailpit.ts";

/** Signing in and up in the browser, as the end-to-end tests do it. */

export const header = (page: Page) => page.getByRole("banner");

/** Logs in through the header's modal and waits for the signed-in header. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/");
  await header(page).getByRole("button", { name: "Log in", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log in", exact: true });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog).toBeHidden();
  // Signed in: the header's Log in is gone (Post is not offered to a suspended member).
  await expect(header(page).getByRole("button", { name: "Log in", exact: true })).toHaveCount(0);
  await expect(header(page).getByRole("button", { name: "Sign up", exact: true })).toHaveCount(0);
}

/** Opens an admin page from the header's Admin menu (as a wide screen shows it). */
export async function openAdminPage(page: Page, link: "Review" | "Suggestions" | "Log"): Promise<void> {
  await header(page).getByRole("button", { name: "Admin", exact: true }).click();
  await header(page).getByRole("link", { name: link, exact: true }).click();
}

/**
 * After "Create account" in the sign-up modal: signed in at once when Auth
 * confirms accounts at once, else the modal says to check the e-mail, and
 * the link in it (read from the mail catcher) signs the new member in.
 */
export async function finishSignUp(page: Page, dialog: Locator, email: string): Promise<void> {
  const post = header(page).getByRole("link", { name: "Post", exact: true });
  const checkMail = dialog.getByText("Check your e-mail to confirm your account.", { exact: false });
  await expect(post.or(checkMail)).toBeVisible();
  if (await checkMail.isVisible()) {
    await expect(checkMail).toContainText(email);
    await page.goto(verifyLinkIn(await latestMailTo(email)));
  }
  await expect(dialog).toBeHidden();
  await expect(post).toBeVisible();
}
