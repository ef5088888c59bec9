import { useEffect, useSyncExternalStore } from "react";
import { chooseTheme, currentTheme, paintThemeBar, subscribeToTheme } from "@/lib/theme";
import styles from "./theme-toggle.module.css";

/**
 * The header's dark-theme switch: one toggle button (pressed = dark). The page
 * starts in the system's theme; see lib/theme.ts for what is remembered.
 */
export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme);
  const dark = theme === "dark";

  useEffect(() => paintThemeBar(theme), [theme]);

  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={dark}
      title="Dark theme"
      onClick={() => chooseTheme(dark ? "light" : "dark")}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
      </svg>
      <span className="visually-hidden">Dark theme</span>
    </button>
  );
}
