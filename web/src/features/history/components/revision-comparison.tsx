import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useTimeZone } from "@/hooks/use-time-zone";
import type { Viewer } from "@/lib/query-keys";
import { useRevision } from "../api/get-revision";
import { formatRevisionDate } from "./revision-date";
import { contentHiddenText, revisionLabel } from "./revision-label";
import { RevisionDiff } from "./revision-diff";
import styles from "./history.module.css";

export type RevisionComparisonProps = {
  postId: string;
  revisionId: string;
  viewer: Viewer;
  /** Admins read the content an admin hid, told that only they see it. */
  isAdmin?: boolean;
  closeTo: string;
};

/** The chosen revision compared with the one before it; focus moves here so keyboard and screen reader users land on it. */
export function RevisionComparison({ postId, revisionId, viewer, isAdmin = false, closeTo }: RevisionComparisonProps) {
  const { data, isPending, isError } = useRevision(postId, revisionId, viewer, isAdmin);
  const timeZone = useTimeZone();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (data) heading.current?.focus();
  }, [data]);

  return (
    <section className={styles.comparison} aria-labelledby="revision-comparison">
      {isPending ? (
        <Spinner label="Loading revision..." />
      ) : isError || !data ? (
        <p role="alert">This revision could not be found.</p>
      ) : (
        <>
          <h2 id="revision-comparison" ref={heading} tabIndex={-1}>
            {revisionLabel(data.revision)}, <time dateTime={data.revision.created_at}>{formatRevisionDate(data.revision.created_at, timeZone)}</time>
          </h2>
          {isAdmin && data.revision.content_hidden && <p className={styles.hidden}>{contentHiddenText}: only admins see it.</p>}
          {isAdmin && data.previous?.content_hidden && (
            <p className={styles.hidden}>The previous revision's content is hidden by an admin: only admins see it.</p>
          )}
          {data.revision.reason && <p className={styles.reason}>“{data.revision.reason}”</p>}
          <RevisionDiff comparison={data} />
        </>
      )}
      <p>
        <Link to={closeTo}>Close the comparison</Link>
      </p>
    </section>
  );
}
