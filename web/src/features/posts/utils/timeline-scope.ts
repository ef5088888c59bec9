/**
 * What the timeline shows, kept in its URL so a view can be shared:
 * `?type=event` for events only, `#2025-04` for the month it opens at.
 */
export type TimelineScope = {
  /** One post type (events only), else every post. */
  type?: string;
  /** The month (YYYY-MM) the timeline opens at, else the newest. */
  from?: string;
};

export const EVENTS_ONLY = "event";

const postTypePattern = /^[a-z_]{1,30}$/;
const monthPattern = /^(?!0000)\d{4}-(0[1-9]|1[0-2])$/;

/** The post type the URL asks for (`?type=event`), if it is one. */
export function typeFromParams(params: URLSearchParams): string | undefined {
  const type = params.get("type") ?? "";
  return postTypePattern.test(type) ? type : undefined;
}

/** The URL query for a type: none for every post, so the plain timeline has a plain URL. */
export function paramsForType(type: string | undefined): URLSearchParams {
  return new URLSearchParams(type ? { type } : {});
}

/** The month a location's hash names (`#2025-04`), if it names one. */
export function monthFromHash(hash: string): string | undefined {
  const month = hash.replace(/^#/, "");
  return monthPattern.test(month) ? month : undefined;
}
