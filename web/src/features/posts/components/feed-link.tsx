import { useId } from "react";
import { env } from "@/config/env";
import { useAlternateFeed } from "@/hooks/use-alternate-feed";
import { apiUrl } from "@/lib/api-client";
import styles from "./download-links.module.css";

type Props = {
  /** All posts' tag filter: with exactly one tag, that tag's feed. */
  tags?: string[];
  /** An author's page: that author's feed. */
  author?: { id: string; name: string };
};

/**
 * A visible link to an Atom feed (GET /api/feed), which index.html names only
 * in <head>, where few readers look: the feed of the author whose page this is,
 * of the one tag All posts is filtered by, else of every new post. A page's
 * own feed is also named in <head> while it is shown.
 */
export function FeedLink({ tags = [], author }: Props) {
  const id = useId();
  const tag = !author && tags.length === 1 ? tags[0] : undefined;
  const href = apiUrl("/feed", author ? { author: author.id } : { tag });
  const own = author ? `posts by ${author.name}` : tag ? `posts tagged “${tag}”` : undefined;
  // The same title as the feed gives itself.
  useAlternateFeed(own ? { href, title: `${env.siteName}: ${own}` } : undefined);
  return (
    <p className={styles.download}>
      <span id={id}>Follow new posts:</span>
      <a href={href} type="application/atom+xml" aria-describedby={id} className={styles.link}>
        {author ? `Atom feed of ${author.name}'s posts` : tag ? `Atom feed of ${tag}` : "Atom feed"}
      </a>
    </p>
  );
}
