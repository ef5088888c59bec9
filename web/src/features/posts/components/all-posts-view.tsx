import { Link } from "react-router";
import { Score } from "@/components/score/score";
import { TagList } from "@/components/tag-list/tag-list";
import { paths } from "@/config/paths";
import type { Viewer } from "@/lib/query-keys";
import type { Post } from "@/types/api";
import { useAllPosts } from "../api/get-all-posts";
import { displayTitle, firstImage, formatDayKey, formatEventDate, groupByDay } from "../utils/display";
import type { PostFilters } from "../utils/filters";
import { LoadMore } from "./load-more";
import { PostFiltersForm } from "./post-filters-form";
import { CommentCount, PostImage, TypeBadge } from "./post-bits";
import styles from "./lists.module.css";

type Props = {
  viewer: Viewer;
  filters: PostFilters;
  /** Called with the new filters; the route keeps them in the URL query. */
  onFiltersChange: (filters: PostFilters) => void;
};

/** All posts (SPEC §2): search, date, sort and tag filters; cards grouped by date except for most_upvotes. */
export function AllPostsView({ viewer, filters, onFiltersChange }: Props) {
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = useAllPosts(filters, viewer);
  const posts = isError ? [] : (data?.pages.flatMap((page) => page.posts) ?? []);

  return (
    <div className={styles.allPosts}>
      <PostFiltersForm filters={filters} onChange={onFiltersChange} />
      <div aria-live="polite" aria-busy={isPending || isPlaceholderData} className={styles.results}>
        {isPending ? (
          <p className={styles.muted} role="status">
            Loading Content...
          </p>
        ) : !posts.length ? (
          <p className={styles.muted}>No posts found for the selected filters.</p>
        ) : filters.sort === "most_upvotes" ? (
          <CardGrid posts={posts} />
        ) : (
          groupByDay(posts).map((group) => (
            <section key={group.day} aria-labelledby={`all-${group.day}`} className={styles.group} data-testid="post-group">
              <h2 id={`all-${group.day}`} className={styles.day}>
                <time dateTime={group.day}>{formatDayKey(group.day)}</time>
              </h2>
              <CardGrid posts={group.posts} />
            </section>
          ))
        )}
      </div>
      {!isError && <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage} />}
    </div>
  );
}

function CardGrid({ posts }: { posts: Post[] }) {
  return (
    <ul className={styles.cards}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}

function PostCard({ post }: { post: Post }) {
  const image = post.is_nsfw ? null : firstImage(post);
  return (
    <article className={styles.card} data-testid="post-card">
      {image && <PostImage src={image} sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 100vw" />}
      <p className={styles.meta}>
        <TypeBadge postType={post.post_type} />
        {post.is_nsfw && <span className={styles.nsfw}>NSFW</span>}
        {post.event_timestamp && <span>{formatEventDate(post.event_timestamp)}</span>}
      </p>
      <h3 className={styles.cardTitle}>
        <Link to={paths.post(post.id)}>{displayTitle(post.title)}</Link>
      </h3>
      <p className={styles.excerpt}>{post.excerpt}</p>
      <p className={styles.author}>By {post.author_name ?? "Anonymous"}</p>
      <p className={styles.meta}>
        <Score upvotes={post.upvotes} downvotes={post.downvotes} />
        <CommentCount post={post} />
      </p>
      <TagList tags={post.tags} max={4} moreLabel="more" />
    </article>
  );
}
