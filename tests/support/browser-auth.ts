import { expect, type Locator, type Page } from "@playwright/test";
import { newClient } from "../../local-stack/test/env.ts";
import { latestMailTo, verifyLinkIn } from "../../local-stack/test/mailpit.ts";
import { testEnv } from "./env.ts";

/** Signing in and up in the browser, as the end-to-end tests do it. */

export const header = (page: Page) => page.getByRole("banner");

/** Waits for the header of someone signed in. */
async function expectSignedInHeader(page: Page): Promise<void> {
  // The header's Log in is gone (Post is not offered to a suspended member).
  await expect(header(page).getByRole("button", { name: "Log in", exact: true })).toHaveCount(0);
  await expect(header(page).getByRole("button", { name: "Sign up", exact: true })).toHaveCount(0);
}

/**
 * Opens Home signed in as `email`, with the session Auth gives for the password stored where the site's auth
 * client keeps it (web/src/lib/supabase.ts's key; the JSON of the session, as auth-js's `_saveSession`
 * writes it). The form itself is tried by auth.spec.ts with `logInWithTheForm`; going through it took each
 * test about 4 s.
 */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  const { data, error } = await newClient().auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error(`no session for ${email}`);
  const storageKey = `sb-${new URL(testEnv.supabaseUrl).hostname.split(".")[0]}-auth-token`;
  // A page of the site's origin without the app, so that nothing reads storage before the session is there.
  await page.goto("/robots.txt");
  await page.evaluate(([key, session]) => localStorage.setItem(key, session), [storageKey, JSON.stringify(data.session)]);
  await page.goto("/");
  await expectSignedInHeader(page);
}

/** Logs in through the header's modal and waits for the signed-in header. */
export async function logInWithTheForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/");
  await header(page).getByRole("button", { name: "Log in", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log in", exact: true });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectSignedInHeader(page);
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
