import { LazyMarkdown } from "@/components/markdown/lazy-markdown";
import styles from "./comments-section.module.css";

/** The line under a comment box saying what formatting works. */
export const commentFormattingHelp = "Markdown: **bold**, *italic*, [link](https://example.com), - list item, > quote";

/**
 * A comment's words as readers see them (and as the box's preview shows them): markdown,
 * its headings under the Comments h2; comments are not reviewed, so other hosts' images wait for a click.
 * Until the renderer loads, the words show as typed.
 */
export function CommentMarkdown({ source }: { source: string }) {
  return (
    <div className={styles.content}>
      <LazyMarkdown headingBase={2} externalImages="click-to-load" fallback={<p>{source}</p>}>
        {source}
      </LazyMarkdown>
    </div>
  );
}
