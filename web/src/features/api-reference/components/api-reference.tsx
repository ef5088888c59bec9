import { createApiReference } from "@scalar/api-reference";
import "@scalar/api-reference/style.css";
import { useEffect, useRef, useSyncExternalStore } from "react";
// Scalar validates its configuration with zod: the site's zod setup (no `new Function`) must be in place first.
import "@/lib/zod";
import { currentTheme, subscribeToTheme, type Theme } from "@/lib/theme";
import { openApiDocumentUrl } from "../api/document-url";
import styles from "./api-reference.module.css";

// Vue's feature flags, as Scalar's React wrapper sets them: read when the app is created, and Vue warns when they are missing.
Object.assign(globalThis, { __VUE_OPTIONS_API__: true, __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: false, __VUE_PROD_DEVTOOLS__: false });

/**
 * Scalar sets its colours by a `light-mode` or `dark-mode` class on <body>,
 * and only once, when it mounts; the site's toggle can change the theme any
 * time, so the classes follow it here and leave with the page.
 */
function useScalarColorMode(theme: Theme) {
  useEffect(() => {
    document.body.classList.toggle("dark-mode", theme === "dark");
    document.body.classList.toggle("light-mode", theme === "light");
  }, [theme]);
  useEffect(() => () => document.body.classList.remove("dark-mode", "light-mode"), []);
}

/** What Scalar is given: the document, and nothing fetched from elsewhere. */
export function scalarConfiguration(theme: Theme) {
  return {
    url: openApiDocumentUrl,
    theme: "default" as const,
    // Scalar would load Inter and JetBrains Mono from fonts.scalar.com; the CSP allows fonts from this origin only.
    withDefaultFonts: false,
    forceDarkModeState: theme,
    // The header's toggle is the one theme switch.
    hideDarkModeToggle: true,
    // What would call Scalar's own services: its AI agent, usage telemetry, the developer toolbar (which shares documents through Scalar).
    agent: { disabled: true },
    telemetry: false,
    showDeveloperTools: "never" as const,
    hideClientButton: true,
    documentDownloadType: "json" as const,
  };
}

/**
 * The API's reference: Scalar rendering the OpenAPI document, in the site's
 * colours and theme. Mounted here rather than through @scalar/api-reference-react:
 * that wrapper hands the configuration over a second time right after mounting,
 * which loads the document twice, and under StrictMode's mount, unmount and
 * mount again the reference could stay empty.
 */
export default function ApiReference() {
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme);
  useScalarColorMode(theme);
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const reference = createApiReference(element.current, scalarConfiguration(currentTheme()));
    return () => reference.destroy();
  }, []);
  return <div ref={element} className={styles.reference} />;
}
