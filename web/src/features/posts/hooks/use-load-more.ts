import { useEffect, useRef } from "react";

/**
 * Infinite scroll: calls `onLoadMore` when the returned sentinel element comes
 * near the viewport (IntersectionObserver), and at once if it is near when
 * `enabled` turns true. Screens also render a "Load more" button, for
 * browsers without the observer and for keyboard users.
 */
export function useLoadMore(onLoadMore: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onLoadMore);
  useEffect(() => {
    callback.current = onLoadMore;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    }, { rootMargin: "400px 0px" });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
