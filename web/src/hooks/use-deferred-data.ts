import { useDeferredValue } from "react";

/**
 * A query's data for a screen that renders a lot of it (a list of posts, a
 * post): TanStack Query's updates are urgent, so React would render the whole
 * screen in one long task when the answer comes; as a deferred value that
 * render is a transition, done in slices of a few milliseconds that let the
 * first paint and input through. `isPending` until that render has the data
 * (an error shows at once).
 */
export function useDeferredData<T>(query: { data: T | undefined; isError: boolean }): { data: T | undefined; isPending: boolean } {
  const data = useDeferredValue(query.data);
  return { data, isPending: data === undefined && !query.isError };
}
