import type { Viewer } from "@/lib/query-keys";
import { usePostSources, type PostSource } from "../api/get-post-sources";
import { sourceStateLabels } from "../utils/source-summary";
import styles from "./post-sources.module.css";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

/** A link out of the archive: opened apart, and no endorsement for search engines. */
function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function SourceItem({ source }: { source: PostSource }) {
  const archived = source.archived_url && source.archived_at && (
    <ExternalLink href={source.archived_url}>Archived copy ({formatDate(source.archived_at)})</ExternalLink>
  );
  const original = <ExternalLink href={source.url}>{source.url}</ExternalLink>;
  // A dead source leads with its archived copy, as Wikipedia does.
  const deadWithCopy = source.state === "dead" && archived;
  return (
    <>
      <span className={styles.link}>{deadWithCopy ? archived : original}</span>
      <span className={styles.meta}>
        {source.host} · <span className={styles[source.state]}>{sourceStateLabels[source.state]}</span>
        {source.state === "moved" && source.movedTo && (
          <>
            {" "}
            to <ExternalLink href={source.movedTo}>{source.movedTo}</ExternalLink>
          </>
        )}
        {deadWithCopy ? <> · original: {original}</> : archived && <> · {archived}</>}
      </span>
    </>
  );
}

/**
 * The URLs a post cites, each with its host, its state and its archived copy:
 * under the post's written references, or as its References when it has none.
 * Nothing while there are none.
 */
export function PostSources({ postId, viewer, withinReferences }: { postId: string; viewer: Viewer; withinReferences: boolean }) {
  const { data: sources } = usePostSources(postId, viewer);
  if (!sources?.length) return null;
  const list = (
    <ul className={styles.list}>
      {sources.map((source) => (
        <li key={source.url}>
          <SourceItem source={source} />
        </li>
      ))}
    </ul>
  );
  return withinReferences ? (
    <div className={styles.sources}>
      <h3>Links, checked and archived</h3>
      {list}
    </div>
  ) : (
    <section className={styles.sources} aria-labelledby="post-sources">
      <h2 id="post-sources">References</h2>
      {list}
    </section>
  );
}
