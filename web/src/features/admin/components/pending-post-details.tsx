import { MediaList } from "@/components/post-fields/media-list";
import { KeyValueList } from "@/components/ui/key-value-list";
import { fieldText, formatTimestamp } from "@/lib/field-changes";
import { postFieldLabels, type PostField } from "@/lib/post-fields-list";
import type { PendingPost } from "../api/get-pending-posts";
import { MarkdownView } from "./markdown-view";
import styles from "./admin.module.css";

/** The short fields a reviewer checks at a glance, in the order changes are shown elsewhere. */
const factFields: readonly PostField[] = ["post_type", "is_nsfw", "event_timestamp", "tags", "excerpt"];

/** Lines of a post's references; a web address becomes a link the reviewer can follow. */
function References({ citations }: { citations: string | null }) {
  const lines = (citations ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return <p className={styles.muted}>None given.</p>;
  return (
    <ul className={styles.references}>
      {lines.map((line, index) => (
        <li key={index}>
          {/^https?:\/\/\S+$/.test(line) ? (
            <a href={line} target="_blank" rel="noopener noreferrer nofollow">
              {line}
            </a>
          ) : (
            line
          )}
        </li>
      ))}
    </ul>
  );
}

/** A pending post in full, in the words the post form uses: what a reviewer needs before accepting it. */
export function PendingPostDetails({ post }: { post: PendingPost }) {
  const infoBoxes = post.info_boxes;
  return (
    <>
      <dl className={styles.facts}>
        <dt>Author</dt>
        <dd>{post.author_name ?? "Unknown author"}</dd>
        <dt>Submitted</dt>
        <dd>
          <time dateTime={post.created_at}>{formatTimestamp(post.created_at)}</time>
        </dd>
        {factFields.map((field) => (
          <div key={field} className={styles.factRow}>
            <dt>{postFieldLabels[field].name}</dt>
            <dd>{fieldText(field, post[field as keyof PendingPost]) || "—"}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.fieldName}>{postFieldLabels.citations.name}</h3>
      <References citations={post.citations} />
      <h3 className={styles.fieldName}>{postFieldLabels.info_boxes.name}</h3>
      {infoBoxes.length === 0 ? (
        <p className={styles.muted}>None given.</p>
      ) : (
        <ul className={styles.infoBoxes}>
          {infoBoxes.map((box, index) => (
            <li key={index}>
              <strong>{box.title}</strong>
              <KeyValueList entries={box.entries} content={box.content} className={styles.facts} rowClassName={styles.factRow} />
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.fieldName}>{postFieldLabels.content.name}</h3>
      <MarkdownView source={post.content ?? ""} headingBase={3} />
      <details className={styles.rawContent}>
        <summary>Content as written (Markdown)</summary>
        <pre className={styles.raw}>{post.content}</pre>
      </details>
      <h3 className={styles.fieldName}>Media</h3>
      <MediaList media={post.media ?? []} label={`Media of ${post.title}`} />
    </>
  );
}
