import { z } from "zod";
import { fail } from "./errors.ts";

/**
 * Ids in paths are positive integers written with digits only; anything else
 * ("0x10", "+1", "1e3", "1 ") names nothing, hence 404: a lenient parse would
 * give one resource many addresses.
 */
export function pathId(value: string | undefined, notFoundMessage: string): number {
  const id = value && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) fail(404, notFoundMessage);
  return id;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id in a path is a UUID; anything else names nobody (404 "Member not found."). */
export function pathUserId(value: string | undefined): string {
  if (!value || !uuidPattern.test(value)) fail(404, "Member not found.");
  return value;
}

/** A page size in a query string (digits only, within 1..max), null when left out: the whole list. */
export function optionalPageLimit(max: number) {
  const message = `limit must be a whole number from 1 to ${max}.`;
  return z.string().regex(/^[0-9]{1,6}$/, message).optional()
    .transform((value) => (value === undefined ? null : Number(value)))
    .pipe(z.number().int().min(1, message).max(max, message).nullable());
}

/**
 * The query of a team queue read whole or a page at a time: without `limit` the
 * whole queue, as the SPEC's calls answer; the admin pages ask a page at a time.
 */
export const queuePageQuery = { limit: optionalPageLimit(100), cursor: z.string().max(200).optional() };

/** A page's `limit`, `fallback` when left out. */
export const pageLimit = (max: number, fallback: number) => optionalPageLimit(max).transform((limit) => limit ?? fallback);

// ISO 8601 as the SPA and SPEC send it: a day, or a day and time with optional
// seconds, fraction and offset. Date.parse alone accepts "12" and "May 1".
const isoTimestampPattern = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function isIsoTimestamp(value: string): boolean {
  return isoTimestampPattern.test(value) && !Number.isNaN(Date.parse(value));
}
