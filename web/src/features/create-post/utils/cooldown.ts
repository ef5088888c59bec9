/** SPEC §9: non-admins may post once every 5 minutes, also tracked client-side by the last post time. */
export const POST_COOLDOWN_MS = 5 * 60 * 1000;
export const POST_COOLDOWN_MESSAGE = "Please wait 5 minutes before posting again.";
const storageKey = "archive:lastPostTime";

export function lastPostTime(): number | null {
  try {
    const value = Number(window.localStorage.getItem(storageKey));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberPostTime(now = Date.now()): void {
  try {
    window.localStorage.setItem(storageKey, String(now));
  } catch {
    // Storage unavailable (private mode): the server still enforces the cooldown.
  }
}

/** Milliseconds left before the next post is allowed (0 when allowed). */
export function cooldownRemaining(now = Date.now(), last = lastPostTime()): number {
  if (!last) return 0;
  return Math.max(0, last + POST_COOLDOWN_MS - now);
}
