/**
 * The visitor's time zone, kept light on purpose: index.html's early requests
 * (app/early-requests.ts) import it before React loads.
 */

/**
 * The zone a server-rendered page is written in: the server cannot know the
 * visitor's, so the page hydrates in it and then re-renders in theirs
 * (hooks/use-time-zone.ts).
 */
export const serverTimeZone = "UTC";

/** Temporal, where the browser has it (TypeScript's lib does not know it yet). */
type TemporalNow = { Now: { timeZoneId(): string } };

/**
 * The browser's IANA time zone (what "today" means for the visitor).
 * Temporal answers at once; Intl.DateTimeFormat's first use loads ICU's date
 * formats (20 to 50 ms on this host), which index.html's early request would
 * pay while it holds the HTML parser.
 */
export function browserTimeZone(): string {
  try {
    const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
    return temporal?.Now.timeZoneId() || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * Loads ICU's date formats in a task of its own, soon after the HTML is
 * parsed, while the JavaScript still downloads: the first list's dates are
 * then formatted without that wait inside a render.
 */
export function warmUpDateFormats(): void {
  setTimeout(() => {
    try {
      Intl.DateTimeFormat().resolvedOptions();
    } catch {
      // Nothing to warm up: dates are formatted when needed.
    }
  }, 0);
}
