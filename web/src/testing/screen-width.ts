/**
 * Makes `window.matchMedia` answer `(min-width: …)` and `(max-width: …)`
 * queries (in px or rem) as a screen this many CSS pixels wide would, for
 * components that change shape with the width (jsdom has no layout); every
 * other query reads as not matching, as in setup-tests.ts.
 */
export function setScreenWidth(width: number): void {
  const toPixels = (value: string, unit: string) => Number(value) * (unit === "rem" ? 16 : 1);
  window.matchMedia = (query: string) => {
    const min = /\(min-width:\s*([\d.]+)(px|rem)\)/.exec(query);
    const max = /\(max-width:\s*([\d.]+)(px|rem)\)/.exec(query);
    const matches = min ? width >= toPixels(min[1], min[2]) : max ? width <= toPixels(max[1], max[2]) : false;
    return mediaQueryList(query, matches);
  };
}

/** A MediaQueryList that answers `matches` and never changes. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
}
