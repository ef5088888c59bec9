import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { Score } from "@/components/score/score";
import { TagList } from "@/components/tag-list/tag-list";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import type { Viewer } from "@/lib/query-keys";
import type { Post } from "@/types/api";
import { useAllPosts } from "../api/get-all-posts";
import { addTag, displayTitle, firstImage, formatDayKey, formatEventDate, groupByDay } from "../utils/display";
import { sortOptions, type PostFilters } from "../utils/filters";
import { LoadMore } from "./load-more";
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
      <Filters filters={filters} onChange={onFiltersChange} />
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

function Filters({ filters, onChange }: { filters: PostFilters; onChange: (filters: PostFilters) => void }) {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  const [tagInput, setTagInput] = useState("");

  // Follow the URL (back/forward, reload).
  useEffect(() => setSearch(filters.search), [filters.search]);

  // Search as the reader types, after a short pause.
  useEffect(() => {
    if (search === filters.search) return;
    const timer = window.setTimeout(() => onChange({ ...filters, search }), 350);
    return () => window.clearTimeout(timer);
  }, [search, filters, onChange]);

  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const tags = addTag(filters.tags, tagInput);
    setTagInput("");
    if (tags !== filters.tags) onChange({ ...filters, tags });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, search });
  };

  const hasFilters = filters.search || filters.date || filters.tags.length || filters.sort !== "newest";

  return (
    <form role="search" aria-label="Filter posts" className={styles.filters} onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={`${id}-search`}>Search</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search posts" />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-date`}>Date</label>
        <input id={`${id}-date`} type="date" value={filters.date} onChange={(event) => onChange({ ...filters, date: event.target.value })} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} value={filters.sort} onChange={(event) => onChange({ ...filters, sort: event.target.value as PostFilters["sort"] })}>
          {sortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-tag`}>Tags</label>
        <input
          id={`${id}-tag`}
          type="text"
          value={tagInput}
          onChange={(event) => setTagInput(event.target.value)}
          onKeyDown={onTagKey}
          placeholder="Type a tag, press Enter"
          aria-describedby={`${id}-tag-hint`}
        />
        <span id={`${id}-tag-hint`} className="visually-hidden">
          Press Enter to add the tag to the filter.
        </span>
      </div>
      {filters.tags.length > 0 && (
        <ul className={styles.activeTags} aria-label="Tag filters">
          {filters.tags.map((tag) => (
            <li key={tag}>
              <span>{tag}</span>
              <button type="button" aria-label={`Remove tag ${tag}`} onClick={() => onChange({ ...filters, tags: filters.tags.filter((t) => t !== tag) })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {hasFilters ? (
        <Button variant="ghost" size="small" className={styles.clear} onClick={() => onChange({ search: "", date: "", sort: "newest", tags: [] })}>
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
