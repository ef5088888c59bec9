import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { useFirstScreen } from "@/hooks/use-first-screen";
import { landingMonth } from "../utils/timeline-months";
import { monthFromHash } from "../utils/timeline-scope";

/**
 * What an index link leaves in its history entry: the month the timeline
 * opens at there (null: the top). Back and forward so find the same pages,
 * and the router puts the reader where they were.
 */
export type TimelineJumpState = { timelineFrom: string | null };

/**
 * The month the timeline opens at: the history entry's, else the hash's (a
 * shared link), else the top. A server never sees the hash: the first screen
 * it rendered (the top) is hydrated as it is, and the month opens right after.
 */
export function useTimelineFrom(): string | undefined {
  const { state, hash } = useLocation();
  const firstScreen = useFirstScreen();
  const jump = state as Partial<TimelineJumpState> | null;
  if (jump && "timelineFrom" in jump) return jump.timelineFrom ?? undefined;
  return firstScreen ? undefined : monthFromHash(hash);
}

/** The heading of a month on the page (its id is the month, the hash that names it). */
const monthHeading = (month: string) => document.getElementById(month);

/**
 * Takes the reader to the month the hash names. One already on the page is
 * scrolled to by the router (ScrollRestoration); one that is not is gone to
 * once its posts are shown (`shownMonths`, newest first): that month, or the
 * nearest before it that has posts. After a link in the page (not a page
 * opened at a month, nor back and forward) the heading takes the focus too,
 * so keyboard and screen reader users go on reading from there.
 */
export function useJumpToMonth(shownMonths: readonly string[]) {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();
  const pending = useRef<{ month: string; focus: boolean } | undefined>(undefined);
  // A server-rendered timeline shows the top until it is hydrated (useTimelineFrom): the month is gone to after.
  const firstScreen = useFirstScreen();
  const takingOver = useRef(firstScreen);

  useLayoutEffect(() => {
    if (firstScreen) return;
    // The server's list began at the top; taken over, it begins at the hash's month (useTimelineFrom), so its heading moves.
    const tookOver = takingOver.current;
    takingOver.current = false;
    const target = monthFromHash(hash);
    const focus = navigationType !== "POP";
    pending.current = undefined;
    if (!target) return;
    const heading = monthHeading(target);
    if (!heading || tookOver) pending.current = { month: target, focus };
    else if (focus) heading.focus({ preventScroll: true });
    // Each navigation once (and once more when a server-rendered page is taken over), whatever else renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, firstScreen]);

  useEffect(() => {
    const target = pending.current;
    const month = target && landingMonth(target.month, shownMonths);
    const heading = month && monthHeading(month);
    if (!target || !heading) return;
    pending.current = undefined;
    heading.scrollIntoView({ block: "start" });
    if (target.focus) heading.focus({ preventScroll: true });
  }, [shownMonths]);
}
