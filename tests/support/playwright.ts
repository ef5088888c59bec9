/**
 * Playwright as the end-to-end tests use it: the same `test` and `expect`,
 * except that a navigation which loads a page (goto, reload, back, forward)
 * returns once the app has taken the page over. A page the host rendered
 * shows its buttons and fields before its script runs; acting on them then
 * would test a page no script answers yet (web/src/main.tsx removes
 * `data-first-screen` from <html> once it has).
 */
import { test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";

export * from "@playwright/test";

/** Until the app has taken over the page on screen (at once for a page it rendered itself). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.documentElement.hasAttribute("data-first-screen"));
}

const navigations = ["goto", "reload", "goBack", "goForward"] as const;

const waiting = new WeakSet<Page>();
/** Contexts without JavaScript, where nothing takes a page over: the page as the HTML has it is the test's. */
const withoutScript = new WeakSet<BrowserContext>();
/** Pages whose test keeps the app from running (its script files refused) for a while. */
const withoutApp = new WeakSet<Page>();

/** Runs `navigate` without waiting for the app, for a test that keeps it from loading. */
export async function withoutWaitingForApp<T>(page: Page, navigate: () => Promise<T>): Promise<T> {
  withoutApp.add(page);
  try {
    return await navigate();
  } finally {
    withoutApp.delete(page);
  }
}

function waitForAppAfterNavigations(page: Page) {
  if (waiting.has(page)) return;
  waiting.add(page);
  for (const name of navigations) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      if (!withoutScript.has(page.context()) && !withoutApp.has(page)) await waitForApp(page);
      return response;
    };
  }
}

/** Every page of `context`, present and to come, waits for the app after its navigations. */
export function waitForAppInPages(context: BrowserContext): void {
  context.pages().forEach(waitForAppAfterNavigations);
  context.on("page", waitForAppAfterNavigations);
}

/** Contexts a test opens itself (a second reader) wait for the app too. */
function waitForAppInNewContexts(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...args);
    if (args[0]?.javaScriptEnabled === false) withoutScript.add(context);
    waitForAppInPages(context);
    return context;
  };
}

export const test = base.extend<object, object>({
  browser: [
    async ({ browser }, use) => {
      waitForAppInNewContexts(browser);
      await use(browser);
    },
    { scope: "worker" },
  ],
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) withoutScript.add(context);
    waitForAppInPages(context);
    await use(context);
  },
});
