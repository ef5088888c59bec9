import { Link } from "react-router";
import { TagList } from "@/components/tag-list/tag-list";
import { paths } from "@/config/paths";
import { useTimeZone } from "@/hooks/use-time-zone";
import type { Post } from "@/types/api";
import { displayTitle, formatDayKey, formatEventDate, timelinePreview } from "../utils/display";
import { formatMonth, type MonthGroup } from "../utils/timeline-months";
import { TypeBadge } from "./post-bits";
import styles from "./timeline.module.css";

/**
 * The timeline's posts: a section per month (its heading's id is the month,
 * what the index links to; focusable, so a jump can move the focus there),
 * a list per day, an entry per post.
 */
export function TimelineEntries({ months }: { months: MonthGroup<Post>[] }) {
  const timeZone = useTimeZone();
  return months.map((month) => (
    <section key={month.month} aria-labelledby={month.month} className={styles.month} data-testid="timeline-month">
      <h2 id={month.month} className={styles.monthHeading} tabIndex={-1}>
        {formatMonth(month.month)}
      </h2>
      {month.days.map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day}`} className={styles.group} data-testid="timeline-group">
          <h3 id={`day-${group.day}`} className={styles.day}>
            <time dateTime={group.day}>{formatDayKey(group.day)}</time>
          </h3>
          <ol className={styles.entries}>
            {group.posts.map((post) => (
              <li key={post.id} className={styles.entry} data-testid="timeline-entry">
                <Link to={paths.post(post.id)} className={styles.entryLink}>
                  {displayTitle(post.title)}
                </Link>
                <p className={styles.meta}>
                  <TypeBadge postType={post.post_type} />
                  {post.event_timestamp && <span>{formatEventDate(post.event_timestamp, timeZone)}</span>}
                </p>
                <p className={styles.excerpt}>{timelinePreview(post)}</p>
                <TagList tags={post.tags} max={3} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  ));
}
