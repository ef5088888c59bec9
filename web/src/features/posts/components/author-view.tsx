import type { ReactNode } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { ContentSpinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useDeferredData } from "@/hooks/use-deferred-data";
import type { Viewer } from "@/lib/query-keys";
import { useAuthorPage } from "../api/get-author-page";
import { formatMemberSince, publishedPostsLabel } from "../utils/author-summary";
import { FeedLink } from "./feed-link";
import { LoadMore } from "./load-more";
import { PostRows } from "./post-rows";
import styles from "./author-view.module.css";

type Props = {
  authorId: string;
  viewer: Viewer;
  /** Shown when nobody public has this id (no public contribution, or a deleted account). */
  notFound: ReactNode;
  /** Beside the feed link: the author's Follow button (app/routes/author.tsx). */
  renderFollow?: (author: { id: string; name: string }) => ReactNode;
};

/** An author's page: their public name, since when they are a member, and their published posts, newest published first. */
export function AuthorView({ authorId, viewer, notFound, renderFollow }: Props) {
  const query = useAuthorPage(authorId, viewer);
  const { isError, error, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const { data, isPending } = useDeferredData(query);
  if (isPending) return <ContentSpinner label="Loading Content..." />;
  if (isError && error instanceof ApiError && error.status === 404) return notFound;
  if (isError || !data) {
    return (
      <PageHeader title="Author">
        <p role="alert">This page could not be loaded. Please try again in a moment.</p>
      </PageHeader>
    );
  }
  const { author } = data.pages[0];
  const posts = data.pages.flatMap((page) => page.posts);
  return (
    <>
      <PageHeader title={author.name}>
        <p className={styles.summary}>
          Member since {formatMemberSince(author.member_since)} · {publishedPostsLabel(author.post_count)}
        </p>
        <FeedLink author={{ id: author.id, name: author.name }} />
        {renderFollow?.({ id: author.id, name: author.name })}
      </PageHeader>
      <section aria-labelledby="author-posts">
        <h2 id="author-posts" className={styles.heading}>
          Published posts
        </h2>
        {posts.length ? (
          <>
            <p className={styles.muted}>Newest published first.</p>
            <PostRows posts={posts} headingLevel="h3" showAuthor={false} priorityImage />
          </>
        ) : (
          <p className={styles.muted}>No published posts yet.</p>
        )}
      </section>
      <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage} />
    </>
  );
}
