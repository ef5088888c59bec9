import { expect, test } from "../support/playwright.ts";
import { createMember } from "../support/api.ts";
import { logIn } from "../support/browser-auth.ts";

// A post cites at most 100 links: the database refuses more, and
// the create-post form shows its message, with how many the post cites, and
// keeps what was typed.

const PASSWORD = "test-password-1";

test("a post citing more than 100 links is refused with how many it cites, and the draft stays", async ({ page }) => {
  const member = await createMember({ lastName: "e2e-links" });
  await logIn(page, member.email, PASSWORD);
  await page.goto("/create-post");

  const run = Date.now().toString(36);
  const references = Array.from({ length: 101 }, (_, i) => `https://links-${run}.example/${i}`).join("\n");
  const form = page.getByRole("form", { name: "Create post" });
  await form.getByLabel("Title", { exact: true }).fill(`Too many links ${run}`);
  await form.getByLabel("Lead summary").fill("A lead.");
  await form.getByLabel("Content (Markdown)").fill("Some words.");
  await form.getByLabel("References").fill(references);
  await form.getByRole("button", { name: "Create Entry" }).click();

  await expect(form.getByRole("alert")).toHaveText(
    "Submission failed: A post can cite at most 100 links (references and content together); this one cites 101.",
  );
  await expect(form.getByLabel("References")).toHaveValue(references);
});
