import { Link } from "react-router";
import { paths } from "@/config/paths";
import { parseTags } from "@/lib/post-fields-parse";
import { visibleTags } from "./visible-tags";
import styles from "./tag-list.module.css";

export type TagListProps = {
  /** As stored: comma-separated. */
  tags: string;
  max: number;
  /** After the "+N" of the tags left out, e.g. "more". */
  moreLabel?: string;
  /** False: the tags past `max` are not counted (home cards: "up to 3 tags"). */
  showRest?: boolean;
};

/** A post's tags as chips, each a link to All posts with that tag: up to `max`, the rest as "+N" (or "+N more"). */
export function TagList({ tags, max, moreLabel = "", showRest = true }: TagListProps) {
  const { shown, hidden } = visibleTags(parseTags(tags), max);
  if (!shown.length) return null;
  return (
    <ul className={styles.tags} aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag}>
          <TagLink tag={tag} />
        </li>
      ))}
      {showRest && hidden > 0 && (
        <li className={styles.more}>
          +{hidden}
          {moreLabel ? ` ${moreLabel}` : ""}
        </li>
      )}
    </ul>
  );
}

/** One tag as a chip linking to All posts filtered by it. */
export function TagLink({ tag }: { tag: string }) {
  return (
    <Link to={paths.postsTagged(tag)} className={styles.tag}>
      {tag}
    </Link>
  );
}
