import axeCore from "axe-core";
import { expect, type Page } from "@playwright/test";

/**
 * Rules enforced whatever impact axe gives them: heading-order is "moderate",
 * yet a skipped level (an h4 straight under the page's h1) breaks the outline
 * screen-reader users move by.
 */
const alwaysEnforced = new Set(["heading-order"]);

/** Fails on axe's serious and critical findings (and the rules above), naming each rule and where it failed. */
export async function expectNoSeriousAxeViolations(page: Page) {
  // A toast or a theme change still fading in has blended colours that axe reads as low contrast: let finite animations end first,
  // once every toast has mounted (sonner starts a toast's fade-in a frame after it is added).
  await page.waitForFunction(() => [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => toast.getAttribute("data-mounted") === "true"));
  await page.evaluate(() => {
    // A style change (a theme switched just before) starts its transitions only when styles are next computed: compute them now.
    document.body.getBoundingClientRect();
    return Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  const results = await runAxe(page);
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical" || alwaysEnforced.has(v.id));
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * axe-core's own `axe.run` on the page (on `context`, the whole document unless given), its 1.3 MB source
 * evaluated once per document. `@axe-core/playwright` evaluates that source two or three times on every scan
 * and finishes each in a new blank page, which took longer than the scan itself; what it adds, frames, the
 * site's pages do not have.
 */
export async function runAxe(page: Page, context?: axeCore.ContextObject, options: axeCore.RunOptions = {}): Promise<axeCore.AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeCore.source);
  // As JSON: Playwright's types for an evaluate argument recurse too deep on axe's option types.
  const scan = JSON.stringify({ context: context ?? null, options: { resultTypes: ["violations"], ...options } });
  return page.evaluate((json) => {
    const { context, options } = JSON.parse(json) as { context: axeCore.ContextObject | null; options: axeCore.RunOptions };
    return (window as unknown as { axe: typeof axeCore }).axe.run(context ?? document, options);
  }, scan);
}
