import { apiUrl } from "@/lib/api-client";
import styles from "./download-links.module.css";

/**
 * A visible link to the Atom feed (GET /api/feed), which index.html names only
 * in <head>, where few readers look: the feed of the one tag All posts is
 * filtered by, else of every new post.
 */
export function FeedLink({ tags }: { tags: string[] }) {
  const tag = tags.length === 1 ? tags[0] : undefined;
  return (
    <p className={styles.download}>
      <span id="follow-feed">Follow new posts:</span>
      <a href={apiUrl("/feed", { tag })} type="application/atom+xml" aria-describedby="follow-feed" className={styles.link}>
        {tag ? `Atom feed of ${tag}` : "Atom feed"}
      </a>
    </p>
  );
}
