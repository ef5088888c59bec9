import { expect, test } from "../support/playwright.ts";
import { expectNoSeriousAxeViolations, runAxe } from "../support/axe.ts";
import { watchCspViolations } from "../support/csp.ts";

// The API reference (/data/api): reached from the footer's Data page, it renders
// the OpenAPI document the API serves with Scalar, inside the site's CSP (no
// violation) and without loading anything from another origin, in both themes.

const TITLE = "The Community Archive API";
const SUMMARY = "Every tag of a published post, most used first";

test("the Data page links to the API reference, which shows the document's calls in both themes", async ({ page, baseURL }) => {
  const violations = await watchCspViolations(page);
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== new URL(baseURL!).origin) elsewhere.push(request.url());
  });

  await page.goto("/data");
  await expect(page.getByRole("heading", { level: 2, name: "The API" })).toBeVisible();
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    // Axe reads the colours once the page has switched theme, not halfway.
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expectNoSeriousAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByRole("main").getByRole("link", { name: "API reference", exact: true }).click();
  await expect(page).toHaveURL(/\/data\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page).toHaveTitle(/^API reference/);

  // The title comes from the document the API serves, so the reference loaded it.
  await expect(page.getByRole("heading", { name: TITLE })).toBeVisible({ timeout: 30_000 });
  const sidebar = page.getByRole("navigation", { name: `Sidebar for ${TITLE}` });
  await sidebar.getByRole("button", { name: /^Posts\b/ }).click();
  await sidebar.getByRole("button", { name: new RegExp(`^${SUMMARY}`) }).click();
  await expect(page.getByRole("heading", { name: SUMMARY })).toBeVisible();

  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    // Scalar's colours follow the site's theme.
    await expect(page.locator("body")).toHaveClass(new RegExp(`\\b${theme}-mode\\b`));
    // The site's part of the page with every rule; Scalar's own markup fails rules no setting changes
    // (ARIA on its sidebar items, unnamed icon buttons), so of it only the colours the page sets are checked, in its sidebar.
    const serious = [];
    for (const scan of [
      () => runAxe(page, { exclude: [".scalar-app"] }),
      () => runAxe(page, { include: [".t-doc__sidebar"] }, { runOnly: { type: "rule", values: ["color-contrast"] } }),
    ]) {
      const { violations } = await scan();
      serious.push(...violations.filter((v) => v.impact === "serious" || v.impact === "critical"));
    }
    expect(serious.map((v) => `${theme} ${v.id}: ${v.help} (${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  }

  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});
