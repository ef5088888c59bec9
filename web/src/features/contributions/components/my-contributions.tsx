import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form/form-alert";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { apiErrorDetail } from "@/lib/api-client";
import type { Viewer } from "@/lib/query-keys";
import { useMyEditSuggestions } from "../api/get-my-edit-suggestions";
import { useMyPosts } from "../api/get-my-posts";
import { useMySuggestions } from "../api/get-my-suggestions";
import { useMyWithdrawnPosts } from "../api/get-my-withdrawn-posts";
import type { MyEditSuggestion, PostStatus, ReviewStatus } from "../types";
import { editSuggestionStateLabel, formatDate, postStateLabel, suggestionStateLabel, type Tone, toneOf } from "../utils/states";
import styles from "./my-contributions.module.css";

/**
 * `/me`: the signed-in user's posts, edit suggestions and general suggestions,
 * newest first, with what became of them. `canPost` is false for a member who
 * may not post (suspended, say): no link to a form that would only fail.
 */
export function MyContributions({ viewer, canPost = true }: { viewer: Viewer; canPost?: boolean }) {
  return (
    <section className={styles.page} aria-labelledby="me-title">
      <h1 id="me-title">My contributions</h1>
      <p className={styles.lead}>What you have sent to the archive, newest first, and what became of it.</p>
      <MyPostsSection viewer={viewer} canPost={canPost} />
      <MyWithdrawnPosts viewer={viewer} />
      <MyEditSuggestionsSection viewer={viewer} />
      <MySuggestionsSection viewer={viewer} />
    </section>
  );
}

function State({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`${styles.state} ${styles[tone]}`}>{children}</span>;
}

function Reason({ reason }: { reason: string | null }) {
  return reason ? <p className={styles.reason}>Reason: {reason}</p> : null;
}

/** One entry of a list: its title and state, when it was sent (and `sentNote`), then what else it says. */
function Contribution({ title, state, sentAt, sentNote, children }: {
  title: ReactNode;
  state: ReactNode;
  sentAt: string;
  sentNote?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className={styles.item}>
      <div className={styles.itemHeader}>
        {title}
        {state}
      </div>
      <p className={styles.meta}>
        Sent <time dateTime={sentAt}>{formatDate(sentAt)}</time>
        {sentNote}
      </p>
      {children}
    </li>
  );
}

/** A post or an edit suggestion: a heading, its review state in `labels`' words, and the reason once it is rejected. */
function Reviewed<Status extends PostStatus | ReviewStatus>({ item, labels, title, sentNote, children }: {
  item: { status: Status; created_at: string; rejection_reason: string | null };
  labels: Record<Status, string>;
  title: ReactNode;
  sentNote?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Contribution
      title={<h3 className={styles.itemTitle}>{title}</h3>}
      state={<State tone={toneOf(item.status)}>{labels[item.status]}</State>}
      sentAt={item.created_at}
      sentNote={sentNote}
    >
      {children}
      {item.status === "rejected" && <Reason reason={item.rejection_reason} />}
    </Contribution>
  );
}

/** A list section with its loading, error and empty states; `children` draws one item (the section keys it by its id). */
function ListSection<Item extends { id: string | number }>({ title, query, empty, children }: {
  title: string;
  query: { items?: Item[]; isPending: boolean; error: unknown; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  empty: ReactNode;
  children: (item: Item) => ReactNode;
}) {
  const headingId = `me-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {query.isPending ? (
        <Spinner label={`Loading ${title.toLowerCase()}...`} />
      ) : !query.items ? (
        <FormAlert>{apiErrorDetail(query.error) ?? `Could not load ${title.toLowerCase()}. Please try again.`}</FormAlert>
      ) : query.items.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {query.items.map((item) => (
              <Fragment key={item.id}>{children(item)}</Fragment>
            ))}
          </ul>
          {query.error && <FormAlert>{apiErrorDetail(query.error) ?? "Could not load more. Please try again."}</FormAlert>}
          {query.hasNextPage && (
            <Button variant="secondary" size="small" isLoading={query.isFetchingNextPage} loadingText="Loading..." onClick={() => void query.fetchNextPage()}>
              Show more
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function MyPostsSection({ viewer, canPost }: { viewer: Viewer; canPost: boolean }) {
  return (
    <ListSection
      title="Your posts"
      query={useMyPosts(viewer)}
      empty={
        <>
          You have not posted anything yet.{canPost && <> <Link to={paths.createPost}>Create a post</Link></>}
        </>
      }
    >
      {(post) => <Reviewed item={post} labels={postStateLabel} title={<Link to={paths.post(post.id)}>{post.title}</Link>} />}
    </ListSection>
  );
}

/** The posts the user took back before review: gone from the archive, but not without a word here. Nothing while there are none. */
function MyWithdrawnPosts({ viewer }: { viewer: Viewer }) {
  const { data: posts } = useMyWithdrawnPosts(viewer);
  if (!posts?.length) return null;
  return (
    <section className={styles.section} aria-labelledby="me-withdrawn-posts">
      <h2 id="me-withdrawn-posts">Withdrawn posts</h2>
      <ul className={styles.list}>
        {posts.map((post) => (
          <Contribution
            key={post.id}
            title={<h3 className={styles.itemTitle}>{post.title}</h3>}
            state={<State tone="refused">Withdrawn</State>}
            sentAt={post.created_at}
            sentNote={
              <>
                {" "}
                · Withdrawn on <time dateTime={post.withdrawn_at}>{formatDate(post.withdrawn_at)}</time>
              </>
            }
          />
        ))}
      </ul>
    </section>
  );
}

function MyEditSuggestionsSection({ viewer }: { viewer: Viewer }) {
  return (
    <ListSection title="Your edit suggestions" query={useMyEditSuggestions(viewer)} empty="You have not suggested any edits yet.">
      {(suggestion) => <EditSuggestionItem suggestion={suggestion} />}
    </ListSection>
  );
}

/** An edit suggestion: the post it was for (unless deleted since), the fields it changed, and why. */
function EditSuggestionItem({ suggestion }: { suggestion: MyEditSuggestion }) {
  const post = suggestion.post_title === null ? "a deleted post" : <Link to={paths.post(suggestion.post_id)}>{suggestion.post_title}</Link>;
  return (
    <Reviewed item={suggestion} labels={editSuggestionStateLabel} title={<>Edit to {post}</>} sentNote={<> · Changes: {suggestion.fields.join(", ")}</>}>
      <p className={styles.reason}>{suggestion.summary}</p>
    </Reviewed>
  );
}

function MySuggestionsSection({ viewer }: { viewer: Viewer }) {
  return (
    <ListSection title="Your suggestions" query={useMySuggestions(viewer)} empty="You have not sent any suggestions yet.">
      {(suggestion) => (
        <Contribution
          title={<p className={styles.itemTitle}>{suggestion.suggestion}</p>}
          state={<State tone="pending">{suggestionStateLabel(suggestion.status)}</State>}
          sentAt={suggestion.created_at}
        />
      )}
    </ListSection>
  );
}
