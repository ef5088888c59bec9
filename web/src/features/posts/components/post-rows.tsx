import { useTimeZone } from "@/hooks/use-time-zone";
import type { Post } from "@/types/api";
import { firstImage, formatDayKey, groupByDay } from "../utils/display";
import { PostRow, type PostRowProps } from "./post-row";
import styles from "./post-rows.module.css";

type Level = "h2" | "h3" | "h4";
const below: Record<Level, PostRowProps["headingLevel"]> = { h2: "h3", h3: "h4", h4: "h4" };

type RowsProps = Omit<PostRowProps, "post" | "priorityImage" | "publishedAt"> & {
  posts: (Post & { published_at?: string })[];
  /** The list holds the page's first image: the first row that shows one fetches it first. */
  priorityImage?: boolean;
};

/** The index of the first post whose row shows a picture (NSFW posts show none), or -1. */
const firstWithPicture = (posts: Post[]) => posts.findIndex((post) => !post.is_nsfw && firstImage(post));

/** Posts as rows in one box, in the order given. */
export function PostRows({ posts, priorityImage = false, ...rowProps }: RowsProps) {
  const priorityIndex = priorityImage ? firstWithPicture(posts) : -1;
  return (
    <ol className={styles.rows}>
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostRow post={post} priorityImage={index === priorityIndex} publishedAt={post.published_at} {...rowProps} />
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
  /** The groups hold the page's first image (in the first group that has one). */
  priorityImage?: boolean;
};

/** Posts grouped by their day (SPEC §9: event date, else creation date), days in the order the posts come; the day beside its posts on wide screens. */
export function DayGroups({ posts, headingLevel: Heading, idPrefix, testId, markUpcoming, priorityImage = false }: DayGroupsProps) {
  const groups = groupByDay(posts, useTimeZone());
  const priorityGroup = priorityImage ? groups.findIndex((group) => firstWithPicture(group.posts) >= 0) : -1;
  return groups.map((group, index) => (
    <section key={group.day} aria-labelledby={`${idPrefix}-${group.day}`} className={styles.group} data-testid={testId}>
      <Heading id={`${idPrefix}-${group.day}`} className={styles.day}>
        <time dateTime={group.day}>{formatDayKey(group.day)}</time>
      </Heading>
      <PostRows posts={group.posts} headingLevel={below[Heading]} markUpcoming={markUpcoming} priorityImage={index === priorityGroup} />
    </section>
  ));
}
