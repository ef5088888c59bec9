import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * True while a server renders the page (src/entry-server.tsx) and while the
 * browser hydrates that HTML, false in every render after and in a page the
 * browser renders itself. Content the server put on the first screen must
 * render the same during hydration, even where the SPA alone would wait.
 */
export function useFirstScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}
