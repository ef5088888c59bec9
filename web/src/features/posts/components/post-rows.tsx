import type { Post } from "@/types/api";
import { formatDayKey, groupByDay } from "../utils/display";
import { PostRow, type PostRowProps } from "./post-row";
import styles from "./post-rows.module.css";

type Level = "h2" | "h3" | "h4";
const below: Record<Level, PostRowProps["headingLevel"]> = { h2: "h3", h3: "h4", h4: "h4" };

type RowsProps = Omit<PostRowProps, "post"> & { posts: Post[] };

/** Posts as rows in one box, in the order given. */
export function PostRows({ posts, ...rowProps }: RowsProps) {
  return (
    <ol className={styles.rows}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostRow post={post} {...rowProps} />
        </li>
      ))}
    </ol>
  );
}

type DayGroupsProps = {
  posts: Post[];
  /** The level of each day's heading; the posts' titles are one below. */
  headingLevel: Level;
  /** Tells the day headings of two lists on one page apart. */
  idPrefix: string;
  testId: string;
  markUpcoming?: boolean;
};

/** Posts grouped by their day (SPEC §9: event date, else creation date), days in the order the posts come; the day beside its posts on wide screens. */
export function DayGroups({ posts, headingLevel: Heading, idPrefix, testId, markUpcoming }: DayGroupsProps) {
  return groupByDay(posts).map((group) => (
    <section key={group.day} aria-labelledby={`${idPrefix}-${group.day}`} className={styles.group} data-testid={testId}>
      <Heading id={`${idPrefix}-${group.day}`} className={styles.day}>
        <time dateTime={group.day}>{formatDayKey(group.day)}</time>
      </Heading>
      <PostRows posts={group.posts} headingLevel={below[Heading]} markUpcoming={markUpcoming} />
    </section>
  ));
}
