import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import type { Viewer } from "@/lib/query-keys";
import { useRevision } from "../api/get-revision";
import { formatRevisionDate } from "./revision-date";
import { revisionLabel } from "./revision-label";
import { RevisionDiff } from "./revision-diff";
import styles from "./history.module.css";

/** The chosen revision compared with the one before it; focus moves here so keyboard and screen reader users land on it. */
export function RevisionComparison({ postId, revisionId, viewer, closeTo }: { postId: string; revisionId: string; viewer: Viewer; closeTo: string }) {
  const { data, isPending, isError } = useRevision(postId, revisionId, viewer);
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
            {revisionLabel(data.revision)}, <time dateTime={data.revision.created_at}>{formatRevisionDate(data.revision.created_at)}</time>
          </h2>
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
