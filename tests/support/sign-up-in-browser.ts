import { expect, type Locator, type Page } from "@playwright/test";
import { latestMailTo, verifyLinkIn } from "../../local-stack/test/mailpit.ts";

/**
 * After "Create account" in the sign-up modal: signed in at once when Auth
 * confirms accounts at once, else the modal says to check the e-mail, and
 * the link in it (read from the mail catcher) signs the new member in.
 */
export async function finishSignUp(page: Page, dialog: Locator, email: string): Promise<void> {
  const post = page.getByRole("banner").getByRole("link", { name: "Post", exact: true });
  const checkMail = dialog.getByText("Check your e-mail to confirm your account.", { exact: false });
  await expect(post.or(checkMail)).toBeVisible();
  if (await checkMail.isVisible()) {
    await expect(checkMail).toContainText(email);
    await page.goto(verifyLinkIn(await latestMailTo(email)));
  }
  await expect(dialog).toBeHidden();
  await expect(post).toBeVisible();
}
