import { useEffect, useSyncExternalStore } from "react";
import iconButton from "@/components/ui/icon-button.module.css";
import { chooseTheme, currentTheme, paintThemeBar, subscribeToTheme } from "@/lib/theme";
import styles from "./theme-toggle.module.css";

/**
 * The header's dark-theme switch: one toggle button (pressed = dark), round
 * with only its icon in the bar, or with its name beside the icon in the
 * narrow screen's menu (`withLabel`). The page starts in the system's theme;
 * see lib/theme.ts for what is remembered.
 */
export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  // A server cannot know the theme: the light one is rendered, and the real one right after hydration.
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme, () => "light" as const);
  const dark = theme === "dark";

  useEffect(() => paintThemeBar(theme), [theme]);

  return (
    <button
      type="button"
      className={withLabel ? styles.labelled : `${iconButton.iconButton} ${styles.toggle}`}
      aria-pressed={dark}
      title={withLabel ? undefined : "Dark theme"}
      onClick={() => chooseTheme(dark ? "light" : "dark")}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
      </svg>
      <span className={withLabel ? undefined : "visually-hidden"}>Dark theme</span>
    </button>
  );
}
