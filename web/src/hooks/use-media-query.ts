import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now; the component re-renders when that
 * changes (a resized window, a rotated phone). Undefined while a page the
 * server rendered is hydrated (a server knows no screen): the component then
 * renders every shape with CSS choosing by the same query, and the one that
 * fits right after.
 */
export function useMediaQuery(query: string): boolean | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore<boolean | undefined>(
    subscribe,
    () => window.matchMedia(query).matches,
    () => undefined,
  );
}
