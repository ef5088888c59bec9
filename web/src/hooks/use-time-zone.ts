import { useSyncExternalStore } from "react";
import { browserTimeZone, serverTimeZone } from "@/lib/time-zone";

/** Nothing to listen to: a zone change shows on the next render. */
const subscribe = () => () => {};
const serverSnapshot = () => serverTimeZone;

/**
 * The time zone dates are shown and asked for in: the server's while a
 * server-rendered page hydrates (so its text matches the HTML), the
 * browser's from the render after that, and from the first one where
 * nothing is hydrated.
 */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, browserTimeZone, serverSnapshot);
}
