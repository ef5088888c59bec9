import { splitBareUrls } from "@shared/bare-urls.ts";
import { normaliseUrl } from "@shared/normalise-url.ts";
import type { Viewer } from "@/lib/query-keys";
import { usePostSources, type PostSource } from "../api/get-post-sources";
import { couldNotReach, formatSourceDate, sourceStatusLabel } from "../utils/source-summary";
import styles from "./post-sources.module.css";

/** A link out of the archive: opened apart, and no endorsement for search engines. */
function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

const archivedCopy = (source: PostSource) =>
  source.archived_url && source.archived_at && <ExternalLink href={source.archived_url}>Archived copy ({formatSourceDate(source.archived_at)})</ExternalLink>;

/** How a source stands: its state (where it moved to), and its archived copy unless `withoutCopy`. */
function SourceState({ source, withoutCopy = false }: { source: PostSource; withoutCopy?: boolean }) {
  const archived = !withoutCopy && archivedCopy(source);
  return (
    <>
      <span className={styles[couldNotReach(source) ? "unreachable" : source.state]}>{sourceStatusLabel(source)}</span>
      {source.state === "moved" && source.moved_to && (
        <>
          {" "}
          to <ExternalLink href={source.moved_to}>{source.moved_to}</ExternalLink>
        </>
      )}
      {archived && <> · {archived}</>}
    </>
  );
}

function SourceItem({ source }: { source: PostSource }) {
  const archived = archivedCopy(source);
  const original = <ExternalLink href={source.url}>{source.url}</ExternalLink>;
  // A dead source leads with its archived copy, as Wikipedia does.
  const deadWithCopy = source.state === "dead" && archived;
  return (
    <>
      <span className={styles.link}>{deadWithCopy ? archived : original}</span>
      <span className={styles.meta}>
        {source.host} · <SourceState source={source} withoutCopy={Boolean(deadWithCopy)} />
        {deadWithCopy && <> · original: {original}</>}
      </span>
    </>
  );
}

const sourceOf = (sources: readonly PostSource[] | undefined, url: string) => {
  const normalised = normaliseUrl(url)?.url;
  return normalised ? sources?.find((source) => source.url === normalised) : undefined;
};

/**
 * Beside an address in the post's written references: how the checker found
 * it and its archived copy, so the address is listed once. Nothing for an
 * address that is not (yet) a checked source.
 */
export function ReferenceSource({ postId, viewer, url }: { postId: string; viewer: Viewer; url: string }) {
  const { data: sources } = usePostSources(postId, viewer);
  const source = sourceOf(sources, url);
  if (!source) return null;
  return (
    <span className={styles.meta}>
      {/* The host says which address it is when a line cites several. */}
      {source.host} · <SourceState source={source} />
    </span>
  );
}

/**
 * The URLs a post cites that its written references do not show (those say
 * how they stand beside them, ReferenceSource), each with its host, its state
 * and its archived copy: under the post's written references, or as its
 * References when it has none. Nothing while there are none.
 */
export function PostSources({ postId, viewer, withinReferences, references = [] }: {
  postId: string;
  viewer: Viewer;
  withinReferences: boolean;
  references?: readonly string[];
}) {
  const { data: sources } = usePostSources(postId, viewer);
  const written = new Set(
    references.flatMap((line) => splitBareUrls(line).flatMap((part) => ("url" in part ? [normaliseUrl(part.url)?.url ?? part.url] : []))),
  );
  const rest = sources?.filter((source) => !written.has(source.url));
  if (!rest?.length) return null;
  const list = (
    <ul className={styles.list}>
      {rest.map((source) => (
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
