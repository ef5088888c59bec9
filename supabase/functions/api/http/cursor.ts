import { fail } from "./errors.ts";

/**
 * Keyset pagination: the cursor is the sort key and id of the last row sent,
 * opaque to clients (base64url JSON) so its form can change.
 */
export interface Cursor {
  key: string | number;
  /** A bigint id, or a UUID for the tables keyed by one. */
  id: number | string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify([cursor.key, cursor.id])).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (!value) return undefined;
  try {
    const [key, id] = JSON.parse(atob(value.replaceAll("-", "+").replaceAll("_", "/")));
    const validId = Number.isSafeInteger(id) || (typeof id === "string" && uuidPattern.test(id));
    if ((typeof key === "string" || typeof key === "number") && validId) return { key, id };
  } catch {
    // fall through to the error below
  }
  fail(400, "cursor: not a cursor this API returned.");
}

/**
 * A team queue's page as its database function answers it (private.pending_posts,
 * open_reports, pending_edit_suggestions, list_suggestions): `next` is the page's
 * last row when another page follows, `total` counts the whole queue.
 */
export interface QueuePage {
  next: Cursor | null;
  total: number;
}

/** A queue page as the API answers it: the items, `total`, and `next` as an opaque `nextCursor`. */
export function queuePageAnswer<Page extends QueuePage>({ next, ...page }: Page) {
  return { ...page, nextCursor: next ? encodeCursor(next) : null };
}

/**
 * The cursor of a list keyed by a row's time (as text) and its id, a bigint
 * or (`idType` "uuid") a UUID; another list's cursor is a 400.
 */
export function decodeTimeCursor(value: string | undefined): { key: string; id: number } | undefined;
export function decodeTimeCursor(value: string | undefined, idType: "uuid"): { key: string; id: string } | undefined;
export function decodeTimeCursor(value: string | undefined, idType: "bigint" | "uuid" = "bigint") {
  const cursor = decodeCursor(value);
  if (cursor && (typeof cursor.key !== "string" || typeof cursor.id !== (idType === "uuid" ? "string" : "number"))) {
    fail(400, "cursor: not a cursor this API returned.");
  }
  return cursor;
}
