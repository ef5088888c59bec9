import { AuthorLink } from "@/components/author-link/author-link";
import { Score } from "@/components/score/score";
import { TagList } from "@/components/tag-list/tag-list";
import { useTimeZone } from "@/hooks/use-time-zone";
import type { SearchPost } from "@/types/api";
import { dayKey, firstImage, formatDayKey, formatEventDate, groupingDay } from "../utils/display";
import { markedText, markedTitle } from "../utils/marked-text";
import { isUpcoming } from "../utils/upcoming";
import { MarkedText } from "./marked-text";
import { CommentCount, PostImage, PostTitleLink, TypeBadge } from "./post-bits";
import styles from "./post-row.module.css";

export type PostRowProps = {
  /** A search's result carries its `match`: the title and a snippet with the matched words highlighted. */
  post: SearchPost;
  /** The level of the post's title: one below the heading the row sits under. */
  headingLevel: "h2" | "h3" | "h4";
  /** Rows outside a day group name their day (an event's with its time); in a group only an event's is shown. */
  showDay?: boolean;
  /** Off where a section already says the posts are upcoming. */
  markUpcoming?: boolean;
  /** Off on the author's own page, where every row is theirs. */
  showAuthor?: boolean;
  /** This row's picture is the page's first image. */
  priorityImage?: boolean;
  /** When the post was published, shown as "Published …" where a list is in that order (an author's page). */
  publishedAt?: string;
};

/**
 * A post in a dense list (All posts, an author's page): title, excerpt (a
 * search's snippet, the matches highlighted), then
 * one line of type, date, author, score, comments and up to 4 tags ('+N
 * more'), with a small picture beside them.
 */
export function PostRow({
  post,
  headingLevel: Heading,
  showDay = false,
  markUpcoming = true,
  showAuthor = true,
  priorityImage = false,
  publishedAt,
}: PostRowProps) {
  const timeZone = useTimeZone();
  const image = post.is_nsfw ? null : firstImage(post);
  const day = post.event_timestamp ? formatEventDate(post.event_timestamp, timeZone) : showDay ? formatDayKey(groupingDay(post, timeZone)) : null;
  const { match } = post;
  // A snippet without a highlight (only the title matched) is just a cut of the excerpt: the excerpt itself reads better.
  const snippet = match?.snippet ? markedText(match.snippet) : [];
  return (
    <article className={styles.row} data-testid="post-card">
      <PostTitleLink post={post} as={Heading} className={styles.title}>
        {match?.title ? <MarkedText parts={markedTitle(match.title)} /> : undefined}
      </PostTitleLink>
      {snippet.some((part) => part.marked) ? (
        <p className={styles.excerpt} data-testid="search-snippet">
          <MarkedText parts={snippet} />
        </p>
      ) : (
        post.excerpt && <p className={styles.excerpt}>{post.excerpt}</p>
      )}
      <div className={styles.meta}>
        <TypeBadge postType={post.post_type} />
        {post.is_nsfw && <span className={styles.nsfw}>NSFW</span>}
        {markUpcoming && isUpcoming(post) && <span className={styles.upcoming}>Upcoming</span>}
        {day && <time dateTime={post.event_timestamp ?? post.created_at}>{day}</time>}
        {publishedAt && (
          <span>
            Published <time dateTime={publishedAt}>{formatDayKey(dayKey(new Date(publishedAt), timeZone))}</time>
          </span>
        )}
        {showAuthor && (
          <span>
            By <AuthorLink post={post} className={styles.author} />
          </span>
        )}
        <Score upvotes={post.upvotes} downvotes={post.downvotes} />
        <CommentCount post={post} />
        <TagList tags={post.tags} max={4} moreLabel="more" />
      </div>
      {image && (
        <div className={styles.picture}>
          <PostImage image={image} slot="row" priority={priorityImage} />
        </div>
      )}
    </article>
  );
}
