import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useTimeZone } from "@/hooks/use-time-zone";
import { editablePostFields, postFieldLabels } from "@/lib/post-fields-list";
import type { Viewer } from "@/lib/query-keys";
import { useRevisions } from "../api/get-revisions";
import { formatRevisionDate } from "./revision-date";
import { contentHiddenText, revisionLabel } from "./revision-label";
import { RevisionComparison } from "./revision-comparison";
import { HideRevisionButton, UnhideRevisionButton } from "./revision-visibility";
import styles from "./history.module.css";

const revisionParam = "revision";

/** The fields a revision changed, named as the views name them, in their order. */
const changedLabels = (fields: readonly string[]) =>
  editablePostFields
    .filter((field) => fields.includes(field))
    .map((field) => postFieldLabels[field].name)
    .join(", ");

/**
 * A post's history (newest first); `?revision=` opens one revision beside the
 * one before it. A revision whose content an admin hid stays listed, labelled,
 * without it; admins still open it, and hide or show content again.
 */
export function PostHistory({ postId, viewer, isAdmin = false }: { postId: string; viewer: Viewer; isAdmin?: boolean }) {
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useRevisions(postId, viewer);
  const timeZone = useTimeZone();
  const [searchParams] = useSearchParams();
  const selected = searchParams.get(revisionParam);
  const historyPath = paths.postHistory(postId);

  if (isPending) return <Spinner label="Loading history..." />;
  if (isError || !data) {
    return (
      <p role="alert">
        This post's history could not be found. <Link to={paths.home}>Back to Home</Link>
      </p>
    );
  }
  const post = data.pages[0].post;
  const revisions = data.pages.flatMap((page) => page.revisions);

  return (
    <>
      <p>
        <Link to={paths.post(post.id)}>Back to “{post.title}”</Link>
      </p>
      {selected && (
        <RevisionComparison key={selected} postId={postId} revisionId={selected} viewer={viewer} isAdmin={isAdmin} closeTo={historyPath} />
      )}
      {revisions.length === 0 ? (
        <p className={styles.muted}>This post has no published revisions yet.</p>
      ) : (
        <ol className={styles.list} aria-label="Revisions, newest first">
          {revisions.map((revision, index) => {
            const first = !hasNextPage && index === revisions.length - 1;
            // The newest is the post as it stands, which stays public: an admin edits the post first.
            const latest = index === 0;
            const nameId = `revision-${revision.id}`;
            return (
              <li key={revision.id} className={styles.item} aria-current={String(revision.id) === selected ? "true" : undefined}>
                <p className={styles.what} id={nameId}>
                  <time dateTime={revision.created_at}>{formatRevisionDate(revision.created_at, timeZone)}</time> · {revisionLabel(revision)}
                </p>
                {revision.content_hidden && <p className={styles.hidden}>{contentHiddenText}</p>}
                {revision.reason && <p className={styles.reason}>“{revision.reason}”</p>}
                {!first && revision.changed_fields.length > 0 && (
                  <p className={styles.muted}>Changed: {changedLabels(revision.changed_fields)}</p>
                )}
                <div className={styles.actions}>
                  {(!revision.content_hidden || isAdmin) && (
                    <Link to={`${historyPath}?${revisionParam}=${revision.id}`} aria-describedby={nameId}>
                      {first ? "Show this version" : "Compare with previous"}
                    </Link>
                  )}
                  {isAdmin && revision.content_hidden && <UnhideRevisionButton revisionId={revision.id} describedBy={nameId} />}
                  {isAdmin && !revision.content_hidden && !latest && <HideRevisionButton revisionId={revision.id} describedBy={nameId} />}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {hasNextPage && (
        <Button variant="secondary" onClick={() => void fetchNextPage()} isLoading={isFetchingNextPage} loadingText="Loading...">
          Show older revisions
        </Button>
      )}
    </>
  );
}
