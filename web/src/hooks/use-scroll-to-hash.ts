import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Scrolls to the element the address's #fragment names once `ready`: a page
 * that renders after a load (a session, a query) missed the browser's own jump.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);
}
