import { ApiError, errorMessage } from "@/lib/api-client";

/**
 * index.html starts a visitor's first data requests (those of the page it
 * opens at: src/app/early-requests.ts, inlined by
 * web/vite/first-requests.ts) while the JavaScript is still downloading;
 * the fetcher that would make one of them takes its answer from here instead,
 * once. Only for visitors without a stored session: a signed-in user's
 * answers carry their votes.
 */
/** What the early request got: its status and JSON body, or null when it got no answer to use. */
export type EarlyAnswer = { status: number; statusText?: string; body: unknown } | null;

/** The early answers by the address asked for. */
export type EarlyAnswers = Record<string, Promise<EarlyAnswer>>;

declare global {
  interface Window {
    __prefetch?: EarlyAnswers;
  }
}

/**
 * The early answer for `url` when index.html fetched exactly that, else (or
 * when the early request got no answer) what `fetcher` gets. An error answer
 * (a missing post's 404) is thrown as the fetcher would throw it, not asked
 * for again. Every fetch of that address before the early answer arrives
 * gets it (a screen mounted twice, as React's StrictMode does in development,
 * and its query cancelled and asked again); after, the API is asked.
 */
export function withPrefetched<T>(url: string, fetcher: () => Promise<T>): Promise<T> {
  const answers = typeof window === "undefined" ? undefined : window.__prefetch;
  const response = answers?.[url];
  if (!answers || !response) return fetcher();
  return response.then((early) => {
    if (answers[url] === response) delete answers[url];
    if (!early) return fetcher();
    if (early.status >= 200 && early.status < 300) return early.body as T;
    throw new ApiError(early.status, errorMessage(early.status, early.statusText ?? "", early.body), early.body);
  });
}
