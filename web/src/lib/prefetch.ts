/**
 * index.html starts a visitor's first data request (home groups or a post)
 * while the JavaScript is still downloading (the inline script comes from
 * web/vite/early-data-request.ts); the fetcher that would make the
 * same request takes the answer from here instead, once. Only for visitors
 * without a stored session: a signed-in user's answers carry their votes.
 */
type Prefetch = { url: string; response: Promise<unknown> };

declare global {
  interface Window {
    __prefetch?: Prefetch;
  }
}

/**
 * The early answer for `url` when index.html fetched exactly that, else (or
 * when the early request failed) what `fetcher` gets. The early answer is used once.
 */
export function withPrefetched<T>(url: string, fetcher: () => Promise<T>): Promise<T> {
  const prefetch = window.__prefetch;
  if (!prefetch || prefetch.url !== url) return fetcher();
  window.__prefetch = undefined;
  return (prefetch.response as Promise<T | null>).then((early) => early ?? fetcher());
}
