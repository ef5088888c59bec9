import { Link } from "react-router";
import { TagList } from "@/components/tag-list/tag-list";
import { paths } from "@/config/paths";
import type { Viewer } from "@/lib/query-keys";
import { useTimeline } from "../api/get-timeline";
import { displayTitle, formatDayKey, formatEventDate, groupByDayNewestFirst, plainText, timelineExcerpt } from "../utils/display";
import { LoadMore } from "./load-more";
import { TypeBadge } from "./post-bits";
import styles from "./lists.module.css";

/** Timeline (SPEC §2): posts grouped by date (event date, else creation date), newest group first. */
export function TimelineView({ viewer }: { viewer: Viewer }) {
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useTimeline(viewer);
  const posts = data?.pages.flatMap((page) => page.posts) ?? [];
  if (isPending) return <p className={styles.muted} role="status">Loading Content...</p>;
  if (!posts.length) return <p className={styles.muted}>No posts to display on the timeline yet.</p>;
  const groups = groupByDayNewestFirst(posts);
  return (
    <div className={styles.timeline}>
      {groups.map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day}`} className={styles.group} data-testid="timeline-group">
          <h2 id={`day-${group.day}`} className={styles.day}>
            <time dateTime={group.day}>{formatDayKey(group.day)}</time>
          </h2>
          <ol className={styles.entries}>
            {group.posts.map((post) => (
              <li key={post.id} className={styles.entry} data-testid="timeline-entry">
                <Link to={paths.post(post.id)} className={styles.entryLink}>
                  <span className={styles.entryTitle}>{displayTitle(post.title)}</span>
                </Link>
                <p className={styles.meta}>
                  <TypeBadge postType={post.post_type} />
                  {post.event_timestamp && <span>{formatEventDate(post.event_timestamp)}</span>}
                </p>
                <p className={styles.excerpt}>{timelineExcerpt(plainText(post.content)) || post.excerpt}</p>
                <TagList tags={post.tags} max={3} />
              </li>
            ))}
          </ol>
        </section>
      ))}
      <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage} />
    </div>
  );
}
