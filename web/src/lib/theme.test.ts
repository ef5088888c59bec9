import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chooseTheme, currentTheme, paintThemeBar, subscribeToTheme, themeBarColors, themeStorageKey } from "./theme";

const indexHtml = fs.readFileSync(path.resolve(__dirname, "../../index.html"), "utf8");

/** index.html's first inline script: the one that sets the theme before the first paint. */
function runFirstPaintScript() {
  const script = indexHtml.match(/<script>([\s\S]*?)<\/script>/)?.[1];
  if (!script) throw new Error("index.html has no inline theme script");
  new Function(script)();
}

let systemDark = false;
const systemListeners = new Set<() => void>();

beforeEach(() => {
  systemDark = false;
  systemListeners.clear();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      get matches() {
        return query === "(prefers-color-scheme: dark)" && systemDark;
      },
      addEventListener: (_type: string, listener: () => void) => systemListeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => systemListeners.delete(listener),
    })),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("the first-paint script in index.html", () => {
  it("follows the system when nothing is stored", () => {
    systemDark = true;
    runFirstPaintScript();
    expect(document.documentElement.dataset.theme).toBe("dark");
  });

  it("uses a stored choice over the system's setting", () => {
    systemDark = true;
    localStorage.setItem(themeStorageKey, "light");
    runFirstPaintScript();
    expect(document.documentElement.dataset.theme).toBe("light");
  });

  it("ignores a stored value that is not a theme", () => {
    localStorage.setItem(themeStorageKey, "sepia");
    runFirstPaintScript();
    expect(document.documentElement.dataset.theme).toBe("light");
  });
});

describe("chooseTheme", () => {
  it("shows the other theme at once and remembers it for the next load", () => {
    runFirstPaintScript();
    chooseTheme("dark");
    expect(currentTheme()).toBe("dark");
    delete document.documentElement.dataset.theme;
    runFirstPaintScript();
    expect(document.documentElement.dataset.theme).toBe("dark");
  });

  it("forgets the choice when it is what the system shows, so the page follows the system again", () => {
    chooseTheme("dark");
    chooseTheme("light");
    expect(localStorage.getItem(themeStorageKey)).toBeNull();
    systemDark = true;
    runFirstPaintScript();
    expect(document.documentElement.dataset.theme).toBe("dark");
  });

  it("tells subscribers, and a change of the system's setting reaches them only while nothing is stored", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToTheme(listener);
    chooseTheme("dark");
    expect(listener).toHaveBeenCalledTimes(1);

    systemDark = true;
    chooseTheme("light");
    systemDark = false;
    for (const notify of systemListeners) notify();
    expect(currentTheme()).toBe("light");

    localStorage.clear();
    systemDark = true;
    for (const notify of systemListeners) notify();
    expect(currentTheme()).toBe("dark");
    unsubscribe();
    expect(systemListeners.size).toBe(0);
  });
});

it("paints the browser bar in the page's theme whatever the system shows", () => {
  document.head.innerHTML = indexHtml.match(/<meta name="theme-color"[^>]*>\s*<meta name="theme-color"[^>]*>/)?.[0] ?? "";
  paintThemeBar("dark");
  const colors = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => meta.content);
  expect(colors).toEqual([themeBarColors.dark, themeBarColors.dark]);
});
