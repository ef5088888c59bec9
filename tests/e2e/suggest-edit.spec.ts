import { expect, test } from "../support/playwright.ts";
import { createMember } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";
import { createPost } from "../support/fixtures.ts";

// Suggest Edit's second step shows what changed and asks for the summary:
// the first step's fields and buttons are gone until Back to Edit.

const PASSWORD = "test-password-1";
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const widths = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } } as const;

for (const [name, viewport] of Object.entries(widths)) {
  test(`${name}: step 2 shows only the changes, the summary, Back to Edit and Submit`, async ({ page }) => {
    const author = await createMember({ lastName: "e2e-suggest-author" });
    const title = `E2E suggest ${name} ${stamp()}`;
    const id = await createPost(author, { title, excerpt: "The old excerpt", tags: ["live"] });
    const member = await createMember({ lastName: "e2e-suggester" });
    await page.setViewportSize(viewport);
    await logIn(page, member.email, PASSWORD);
    await page.goto(`/posts/${id}`);

    await page.getByRole("button", { name: "Suggest Edit" }).click();
    const modal = page.getByRole("dialog", { name: "Suggest an edit" });
    await modal.getByLabel("Lead summary").fill("The corrected excerpt");
    await modal.getByRole("button", { name: "Next" }).click();

    await expect(modal.getByText("Step 2 of 2: describe your changes")).toBeVisible();
    await expect(modal.getByRole("button", { name: "Next" })).toBeHidden();
    await expect(modal.getByRole("button", { name: "Cancel" })).toBeHidden();
    await expect(modal.getByLabel("Title", { exact: true })).toBeHidden();
    const change = modal.getByRole("group", { name: "Lead summary change" });
    await expect(change).toContainText("The old excerpt");
    await expect(change).toContainText("The corrected excerpt");
    await expect(modal.getByRole("group", { name: /change$/ })).toHaveCount(1);
    await expect(modal.getByLabel("Summary of your edits")).toBeFocused();
    await expect(modal.getByRole("button", { name: "Back to Edit" })).toBeVisible();
    await expect(modal.getByRole("button", { name: "Submit Suggestion" })).toBeVisible();

    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
    }

    // Back to Edit brings the fields back as they were left.
    await modal.getByRole("button", { name: "Back to Edit" }).click();
    await expect(modal.getByRole("button", { name: "Next" })).toBeVisible();
    await expect(modal.getByLabel("Summary of your edits")).toHaveCount(0);
    await expect(modal.getByLabel("Lead summary")).toHaveValue("The corrected excerpt");
  });
}
