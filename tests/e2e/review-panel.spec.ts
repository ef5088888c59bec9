import { expect, test, type Page } from "../support/playwright.ts";
import { api, createMember, postForm, validPostFields } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";
import { loadUntilShown, toHeadOfReviewQueue } from "../support/review-queue.ts";

// The review panel as a reviewer uses it: a pending post's details in words,
// with its references and info boxes, and a reason box only after Deny.
// Every test submits its own pending post; other suites share the database.

const ADMIN = { email: "admin@example.com", password: "archive-demo" };
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const widths = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } } as const;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** An event post with references and an info box, pending review, by a brand-new member (the posting cooldown is per member). */
async function submitEventPost(title: string): Promise<number> {
  const member = await createMember({ lastName: "e2e-review" });
  const res = await api<{ id: number }>("POST", "/api/posts", {
    token: member.token,
    form: postForm({
      ...validPostFields,
      title,
      postType: "event",
      eventTimestamp: "2026-03-14T00:00:00.000Z",
      citations: "https://example.org/setlist\nThe tour book, page 12",
      infoBoxes: JSON.stringify([{ title: "Venue", content: { City: "Lisbon", Capacity: "800" } }]),
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

for (const [name, viewport] of Object.entries(widths)) {
  test(`${name}: details name the fields in words, with references and info boxes; the reason box opens with Deny`, async ({ page }) => {
    // Four axe scans of a long queue: more than the default minute on a busy machine.
    test.slow();
    const title = `E2E review ${name} ${stamp()}`;
    await submitEventPost(title);
    await toHeadOfReviewQueue(title);
    await page.setViewportSize(viewport);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/admin/review");

    const card = await loadUntilShown(page, page.getByRole("article", { name: title }));
    await expect(card).toBeVisible();
    // Closed until the admin means to reject.
    await expect(card.getByLabel("Reason for rejecting (optional)")).toHaveCount(0);

    await card.getByRole("button", { name: "Show details" }).click();
    const fact = (label: string) => card.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) });
    for (const [label, value] of [
      ["Post type", "event"],
      ["Not safe for work", "No"],
      ["Event date", "March 14, 2026"],
      ["Tags", "music, live"],
    ]) {
      await expect(fact(label).locator("xpath=following-sibling::dd[1]")).toHaveText(value);
    }
    await expect(card.getByText(/^(author_name|is_nsfw|event_timestamp|post_type)$/)).toHaveCount(0);
    await expect(card.getByRole("heading", { name: "References" })).toBeVisible();
    await expect(card.getByRole("link", { name: "https://example.org/setlist" })).toHaveAttribute("href", "https://example.org/setlist");
    await expect(card.getByText("The tour book, page 12")).toBeVisible();
    await expect(card.getByRole("heading", { name: "Info boxes" })).toBeVisible();
    await expect(fact("City").locator("xpath=following-sibling::dd[1]")).toHaveText("Lisbon");

    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
    }

    // Deny opens the reason with the cursor in it; Cancel closes it and nothing is rejected.
    await card.getByRole("button", { name: "Deny", exact: true }).click();
    const reason = card.getByLabel("Reason for rejecting (optional)");
    await expect(reason).toBeFocused();
    await expect(card.getByRole("button", { name: "Deny", exact: true })).toHaveAttribute("aria-expanded", "true");
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
    }
    await card.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(reason).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Deny", exact: true })).toBeFocused();

    // Deny again, give the reason and confirm: the post leaves the queue.
    await card.getByRole("button", { name: "Deny", exact: true }).click();
    await reason.fill("Please add the ticket page as a reference.");
    await card.getByRole("button", { name: "Reject post", exact: true }).click();
    await expect(toast(page, "Post rejected successfully!")).toBeVisible();
    await expect(card).toHaveCount(0);
  });
}
