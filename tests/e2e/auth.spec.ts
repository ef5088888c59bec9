import { expect, test } from "../support/playwright.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { finishSignUp, header, logInWithTheForm } from "../support/browser-auth.ts";

// Runs against the real local stack (Auth + api function); nothing is mocked.



test("a new visitor signs up in the modal, sees the signed-in header, signs out and is back at /", async ({ page }) => {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/contact");

  await header(page).getByRole("button", { name: "Sign up", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Sign up", exact: true });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("First name").fill("Erin");
  await dialog.getByLabel("Last name").fill("Tester");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password").fill("e2e-password-123");

  // The 18+ confirmation is required.
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByText("You must be 18 or older to create an account")).toBeVisible();
  await dialog.getByLabel("I am 18 or older").check();
  await dialog.getByRole("button", { name: "Create account" }).click();

  await finishSignUp(page, dialog, email);
  const post = header(page).getByRole("link", { name: "Post", exact: true });
  await expect(post).toBeVisible();
  await expect(post).toHaveAttribute("href", "/create-post");
  const menu = header(page).getByRole("button", { name: "Account menu for Erin Tester" });
  await expect(menu).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Sign up", exact: true })).toHaveCount(0);
  await expect(header(page).getByText("Admin", { exact: true })).toHaveCount(0);

  await menu.click();
  await expect(header(page).getByText(email)).toBeVisible();
  await header(page).getByRole("button", { name: "Sign out" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole("button", { name: "Sign up", exact: true })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Log in", exact: true })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Post", exact: true })).toHaveCount(0);
});

test("a wrong password is reported in the form", async ({ page }) => {
  await page.goto("/");
  await header(page).getByRole("button", { name: "Log in", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log in", exact: true });
  await dialog.getByLabel("E-mail").fill("member@example.com");
  await dialog.getByLabel("Password").fill("not-the-password");
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Post", exact: true })).toHaveCount(0);
});

test("the admin sees the Admin badge and the admin links", async ({ page }) => {
  await logInWithTheForm(page, "admin@example.com", "archive-demo");
  await expect(header(page).getByText("Admin", { exact: true })).toBeVisible();
  await header(page).getByRole("button", { name: "Admin", exact: true }).click();
  await expect(header(page).getByRole("link", { name: "Review", exact: true })).toHaveAttribute("href", "/admin/review");
  await expect(header(page).getByRole("link", { name: "Suggestions", exact: true })).toHaveAttribute("href", "/admin/suggestions");
});

test("the member does not see admin things", async ({ page }) => {
  await logInWithTheForm(page, "member@example.com", "archive-demo");
  await expect(header(page).getByRole("button", { name: /Account menu/ })).toBeVisible();
  await expect(header(page).getByText("Admin", { exact: true })).toHaveCount(0);
  await expect(header(page).getByRole("link", { name: "Review", exact: true })).toHaveCount(0);
  await page.goto("/admin/review");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("the sign-in and sign-up pages link to each other and an unknown route is a helpful not-found page", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Log in", level: 1 })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole("main").getByLabel("I am 18 or older")).toBeVisible();

  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse all posts" })).toHaveAttribute("href", "/posts/all");
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expectNoSeriousAxeViolations(page);
  }
});
