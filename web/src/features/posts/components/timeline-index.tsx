import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import type { TimelineJumpState } from "../hooks/use-timeline-jump";
import { monthName, monthsByYear } from "../utils/timeline-months";
import styles from "./timeline.module.css";

type Props = {
  /** Every month with posts (of the type shown), newest first. */
  months: readonly string[];
  /** The months whose posts are on the page now. */
  shownMonths: readonly string[];
  /** The month the timeline is opened at now (undefined: the top). */
  from: string | undefined;
};

/**
 * The timeline's index: its years and months, each a link to `#YYYY-MM`
 * (the query, e.g. `?type=event`, stays). A month on the page is scrolled
 * to; any other opens the timeline there. Folded away on narrow screens.
 */
export function TimelineIndex({ months, shownMonths, from }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { search } = useLocation();
  if (!months.length) return null;

  const jump = (month: string) => ({
    to: { search, hash: month },
    state: { timelineFrom: shownMonths.includes(month) ? (from ?? null) : month } satisfies TimelineJumpState,
    onClick: () => setOpen(false),
  });

  return (
    <>
      <button type="button" className={styles.indexToggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Jump to a year or month
      </button>
      <nav id={panelId} aria-label="Timeline index" className={styles.indexPanel} data-open={open}>
        <h2 className={styles.indexTitle}>Jump to</h2>
        <ol className={styles.years}>
          {monthsByYear(months).map((year) => (
            <li key={year.year} className={styles.year}>
              <Link {...jump(year.months[0])} className={styles.yearLink}>
                {year.year}
              </Link>
              <ol className={styles.months}>
                {year.months.map((month) => (
                  <li key={month}>
                    <Link {...jump(month)} className={styles.monthLink}>
                      {monthName(month, "short")}
                      <span className="visually-hidden"> {year.year}</span>
                    </Link>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </nav>
    </>
  );
}
