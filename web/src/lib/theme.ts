/**
 * Light or dark. The page follows the system's setting until the reader
 * picks the other theme with the header's toggle; that choice is stored.
 * Picking the theme the system shows again forgets the choice, so the page
 * follows the system once more (one button, no third "system" state to explain).
 *
 * The inline script at the top of index.html applies the same rule before the
 * first paint (no flash of the wrong theme); it reads `themeStorageKey` and
 * writes `data-theme` on <html>, which the colour tokens in styles/global.css
 * key on. Keep the two in step (theme.test.ts runs that script).
 */
export type Theme = "light" | "dark";

export const themeStorageKey = "theme";

/** The browser's bar colour (`meta name="theme-color"`) per theme: the header's colour. */
export const themeBarColors: Record<Theme, string> = { light: "#1f4e79", dark: "#1c2024" };

const darkQuery = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

export function systemTheme(): Theme {
  return window.matchMedia(darkQuery).matches ? "dark" : "light";
}

export function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(themeStorageKey);
    return isTheme(value) ? value : null;
  } catch {
    // Storage can be blocked (privacy settings): the system's setting then rules.
    return null;
  }
}

/** The theme the page shows now. */
export function currentTheme(): Theme {
  const value = document.documentElement.dataset.theme;
  return isTheme(value) ? value : systemTheme();
}

function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
}

/**
 * index.html names a bar colour per system setting (`media`); a stored choice
 * can differ from the system, so both follow the page's theme.
 */
export function paintThemeBar(theme: Theme): void {
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = themeBarColors[theme];
  }
}

/** The reader's choice from the toggle: shown at once and remembered unless it is what the system shows anyway. */
export function chooseTheme(theme: Theme): void {
  try {
    if (theme === systemTheme()) window.localStorage.removeItem(themeStorageKey);
    else window.localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Not remembered, still shown.
  }
  applyTheme(theme);
}

/** Calls `listener` whenever the theme changes (the toggle, or the system's setting while no choice is stored). */
export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  const query = window.matchMedia(darkQuery);
  const followSystem = () => {
    if (!storedTheme()) applyTheme(systemTheme());
  };
  query.addEventListener("change", followSystem);
  return () => {
    listeners.delete(listener);
    query.removeEventListener("change", followSystem);
  };
}
