import { useState } from "react";
import { Link } from "react-router";
import { AuthorLink } from "@/components/author-link/author-link";
import { Score } from "@/components/score/score";
import { TagList } from "@/components/tag-list/tag-list";
import { Button, ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useDeferredData } from "@/hooks/use-deferred-data";
import { useTimeZone } from "@/hooks/use-time-zone";
import type { Viewer } from "@/lib/query-keys";
import type { HomePosts, Post } from "@/types/api";
import { useHomePosts } from "../api/get-home-posts";
import { useRecentPosts } from "../api/get-recent-posts";
import { dayKey, firstImage, formatLongDate } from "../utils/display";
import { homeColumns, withoutPinned } from "../utils/home-groups";
import { CommentCount, ImportantMarker, PostImage, PostTitleLink, TypeBadge } from "./post-bits";
import styles from "./home-view.module.css";

const empty: HomePosts = { pinnedPost: null, importantPosts: [], recentPosts: [], recentNextCursor: null };

/** Home (SPEC §2): today's date (the day in the zone the page renders in), BROWSE ALL POSTS, and the three columns. */
export function HomeView({ viewer, today = new Date() }: { viewer: Viewer; today?: Date }) {
  const timeZone = useTimeZone();
  const query = useHomePosts(viewer);
  const { isError } = query;
  const { data, isPending } = useDeferredData(query);
  // SPEC §4: on a failed fetch every list is empty and loading ends.
  const home = isError ? empty : (data ?? empty);
  const nothing = !isPending && !home.pinnedPost && !home.importantPosts.length && !home.recentPosts.length;
  // Each post once: the pinned post is not repeated in the other columns.
  const columns = homeColumns(home);
  // The page's first image: the pinned post's, else the first important post's with one (Today's posts show none).
  const firstImportantPicture = columns.pinnedPost && firstImage(columns.pinnedPost) ? -1 : columns.importantPosts.findIndex((post) => firstImage(post));

  return (
    <div>
      <div className={styles.top}>
        <p className={styles.date}>
          <time dateTime={dayKey(today, timeZone)}>{formatLongDate(today, timeZone)}</time>
        </p>
        <ButtonLink to={paths.allPosts}>BROWSE ALL POSTS</ButtonLink>
      </div>

      {isPending ? (
        <p className={styles.loading} role="status">
          Loading Content...
        </p>
      ) : nothing ? (
        <div className={styles.nothing}>
          <h2>No posts yet</h2>
          <ButtonLink to={paths.createPost} variant="success">
            Be the first to post
          </ButtonLink>
        </div>
      ) : (
        <div className={styles.columns}>
          <section aria-labelledby="recent-news" className={styles.column}>
            <h2 id="recent-news">Recent News</h2>
            {columns.recentPosts.length ? (
              <>
                <RecentList posts={columns.recentPosts} />
                {home.recentNextCursor && <MoreRecent from={home.recentNextCursor} pinned={home.pinnedPost} viewer={viewer} />}
              </>
            ) : (
              <p className={styles.empty}>{columns.pinnedWasRecent ? "No other posts from today." : "No posts from today."}</p>
            )}
          </section>

          <section aria-labelledby="pinned-post" className={styles.column}>
            <h2 id="pinned-post">Pinned Post</h2>
            {columns.pinnedPost ? <PinnedItem post={columns.pinnedPost} /> : <p className={styles.empty}>No pinned post.</p>}
          </section>

          <section aria-labelledby="important-updates" className={styles.column}>
            <h2 id="important-updates">Important Updates</h2>
            {columns.importantPosts.length ? (
              <ul className={styles.list}>
                {columns.importantPosts.map((post, index) => (
                  <li key={post.id}>
                    <ImportantItem post={post} priorityImage={index === firstImportantPicture} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>{columns.pinnedWasImportant ? "No other important posts available" : "No important posts available"}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

function Author({ post }: { post: Post }) {
  return (
    <p className={styles.author}>
      By <AuthorLink post={post} />
    </p>
  );
}

function RecentList({ posts, className }: { posts: Post[]; className?: string }) {
  return (
    <ul className={className ? `${styles.list} ${className}` : styles.list}>
      {posts.map((post) => (
        <li key={post.id}>
          <RecentItem post={post} />
        </li>
      ))}
    </ul>
  );
}

function RecentItem({ post }: { post: Post }) {
  return (
    <article className={styles.card} data-testid="recent-post">
      <TypeBadge postType={post.post_type} />
      <PostTitleLink post={post} />
      <p className={styles.excerpt}>{post.excerpt}</p>
      <Author post={post} />
      <p className={styles.stats}>
        <Score upvotes={post.upvotes} downvotes={post.downvotes} />
        <Link to={paths.postComments(post.id)} className={styles.commentLink}>
          <CommentCount post={post} />
        </Link>
      </p>
      <TagList tags={post.tags} max={3} showRest={false} />
    </article>
  );
}

/**
 * The rest of today's posts, a page at a time, below the first ones Home
 * showed; nothing is fetched until the visitor asks.
 */
function MoreRecent({ from, pinned, viewer }: { from: string; pinned: Post | null; viewer: Viewer }) {
  const [asked, setAsked] = useState(false);
  const { data, hasNextPage, isFetching, isError, fetchNextPage } = useRecentPosts(from, viewer, asked);
  const posts = withoutPinned(data?.pages.flatMap((page) => page.posts) ?? [], pinned);
  const more = !asked || hasNextPage || isError;
  return (
    <>
      {posts.length > 0 && <RecentList posts={posts} className={styles.more} />}
      {isError && <p className={styles.empty}>Could not load more posts.</p>}
      {more && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            block
            isLoading={isFetching}
            loadingText="Loading..."
            onClick={() => (asked ? void fetchNextPage() : setAsked(true))}
          >
            Show more of today&apos;s posts
          </Button>
        </div>
      )}
    </>
  );
}

function PinnedItem({ post }: { post: Post }) {
  const image = firstImage(post);
  return (
    <article className={`${styles.card} ${styles.pinned}`} data-testid="pinned-post">
      {post.is_important && (
        <p className={styles.markers}>
          <ImportantMarker />
        </p>
      )}
      {image && <PostImage image={image} slot="card" priority />}
      <PostTitleLink post={post} />
      <p className={styles.excerpt}>{post.excerpt}</p>
      <Author post={post} />
      <TagList tags={post.tags} max={3} showRest={false} />
    </article>
  );
}

function ImportantItem({ post, priorityImage }: { post: Post; priorityImage: boolean }) {
  const image = firstImage(post);
  return (
    <article className={styles.card} data-testid="important-post">
      <p className={styles.markers}>
        <ImportantMarker />
        <TypeBadge postType={post.post_type} />
      </p>
      {image && <PostImage image={image} slot="card" priority={priorityImage} />}
      <PostTitleLink post={post} />
      <p className={styles.excerpt}>{post.excerpt}</p>
      <Author post={post} />
      <TagList tags={post.tags} max={3} showRest={false} />
    </article>
  );
}
