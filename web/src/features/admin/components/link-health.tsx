import { Link } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { formatTimestamp } from "@/lib/field-changes";
import { useLinkHealth, type LinkHealthSource } from "../api/get-link-health";
import { LoadMoreButton } from "./load-more-button";
import styles from "./admin.module.css";
import own from "./link-health.module.css";

/** A link out of the archive: opened apart, and no endorsement for search engines. */
function OutLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={own.url}>
      {children}
    </a>
  );
}

function SourceRow({ source }: { source: LinkHealthSource }) {
  return (
    <tr>
      <td data-label="Link">
        <div>
          <OutLink href={source.url}>{source.url}</OutLink>
          <span className={own.host}>{source.host}</span>
        </div>
      </td>
      <td data-label="State">
        <div>
          <span className={own[source.state]}>{source.state === "dead" ? "Dead" : "Moved"}</span>
          {source.moved_to && (
            <>
              {" to "}
              <OutLink href={source.moved_to}>{source.moved_to}</OutLink>
            </>
          )}
        </div>
      </td>
      <td data-label="Last checked">
        {source.checked_at ? <time dateTime={source.checked_at}>{formatTimestamp(source.checked_at)}</time> : "Never"}
      </td>
      <td data-label="Archived">
        {source.archived_url && source.archived_at ? (
          <OutLink href={source.archived_url}>Archived copy ({formatTimestamp(source.archived_at)})</OutLink>
        ) : (
          <span className={styles.muted}>None</span>
        )}
      </td>
      <td data-label="Cited by">
        <ul className={own.posts}>
          {source.posts.map((post) => (
            <li key={post.id}>
              <Link to={paths.post(post.id)}>{post.title}</Link>
              {post.status !== "approved" && <span className={styles.muted}> ({post.status})</span>}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/** /admin/link-health: dead and moved sources, newest problem first, paged with Load more. */
export function LinkHealth() {
  const health = useLinkHealth();
  if (health.isPending) return <Spinner label="Loading Link health" />;
  if (health.isError) return <p className={styles.empty}>Link health could not be loaded.</p>;
  const sources = health.data.pages.flatMap((page) => page.sources);
  if (sources.length === 0) return <p className={styles.empty}>No dead or moved links.</p>;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">Dead and moved links, newest problem first</caption>
          <thead>
            <tr>
              <th scope="col">Link</th>
              <th scope="col">State</th>
              <th scope="col">Last checked</th>
              <th scope="col">Archived</th>
              <th scope="col">Cited by</th>
            </tr>
          </thead>
          <tbody>
            {sources.map((source) => (
              <SourceRow key={source.url} source={source} />
            ))}
          </tbody>
        </table>
      </div>
      <LoadMoreButton pages={health} />
    </>
  );
}
