import { Fragment, useEffect, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { AuthorLink } from "@/components/author-link/author-link";
import { LazyMarkdown } from "@/components/markdown/lazy-markdown";
import { Score } from "@/components/score/score";
import { parseTags } from "@/lib/post-fields-parse";
import { splitBareUrls } from "@shared/bare-urls.ts";
import { Button, ButtonLink } from "@/components/ui/button";
import { ContentSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useAfterFirstPaint } from "@/hooks/use-after-first-paint";
import { useDeferredData } from "@/hooks/use-deferred-data";
import { usePageMeta } from "@/hooks/use-page-meta";
import { useTimeZone } from "@/hooks/use-time-zone";
import type { Viewer } from "@/lib/query-keys";
import type { Post, PostDetail as PostDetailData } from "@/types/api";
import { usePost } from "../api/get-post";
import { commentCountLabel, displayTitle, firstImage, formatDateTime, formatEventDate, isEventTimeUnknown } from "../utils/display";
import { InfoBoxes } from "./info-boxes";
import { MediaGallery } from "./media-gallery";
import { NsfwGate } from "./nsfw-gate";
import { PostStateBanner } from "./post-state-banner";
import { TypeBadge } from "./post-bits";
import { ShareButton } from "./share-button";
import styles from "./post-detail.module.css";
import { PostStructuredData } from "./post-structured-data";

export type PostDetailSlots = {
  /** The interactive vote control (votes feature); without it the score is shown as text. */
  renderVoteControl?: (post: Post) => ReactNode;
  /** Extra actions under the title: admin controls, suggest edit. */
  renderActions?: (post: Post, detail: PostDetailData) => ReactNode;
  /** The comments section, rendered under the post once its content is visible. */
  renderComments?: (post: Post) => ReactNode;
  /** The sources the post cites that its written references do not show: inside References when it has written ones, else as References itself. */
  renderSources?: (post: Post, place: { withinReferences: boolean; references: readonly string[] }) => ReactNode;
  /** How an address in the written references stands (its state and archived copy), beside it, so no address is listed twice. */
  renderReferenceSource?: (post: Post, url: string) => ReactNode;
};

/** Post detail (SPEC §2): loads the post and shows it, with the NSFW gate and the "Post not found" screen. */
export function PostDetail({ id, viewer, ...slots }: { id: string; viewer: Viewer } & PostDetailSlots) {
  const query = usePost(id, viewer);
  const { data, isPending } = useDeferredData(query);
  if (isPending) return <ContentSpinner label="Loading Content..." />;
  if (query.isError || !data) return <PostNotFound />;
  return <PostArticle key={data.post.id} detail={data} {...slots} />;
}

export function PostNotFound() {
  usePageMeta({ title: "Post not found" });
  return (
    <section className={styles.error} aria-labelledby="post-error">
      <p className={styles.errorLabel}>Error</p>
      <h1 id="post-error">Post not found</h1>
      <p>The post may have been removed, or the link may be mistyped.</p>
      <ButtonLink to={paths.home}>Back to Home</ButtonLink>
    </section>
  );
}

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // Back in history when the reader came from within the site, else home.
  const goBack = () => (location.key !== "default" ? navigate(-1) : navigate(paths.home));
  return (
    <Button variant="ghost" size="small" onClick={goBack} className={styles.back}>
      <span aria-hidden="true">←</span> Back
    </Button>
  );
}

function PostArticle({ detail, renderVoteControl, renderActions, renderComments, renderSources, renderReferenceSource }: { detail: PostDetailData } & PostDetailSlots) {
  const { post, infoBoxes } = detail;
  const published = post.status === "approved";
  const title = displayTitle(post.title);
  const [acknowledged, setAcknowledged] = useState(!post.is_nsfw);
  const location = useLocation();
  const timeZone = useTimeZone();
  // The markdown renderer, the sources and the comments load once the post's first image is on screen: it is the largest paint.
  const [firstImageSettled, setFirstImageSettled] = useState(() => post.media?.[0]?.media_type !== "image");
  const painted = useAfterFirstPaint(firstImageSettled);
  usePageMeta({ title, description: post.excerpt, image: post.is_nsfw ? null : (firstImage(post)?.url ?? null), type: "article" });

  // A link to /posts/{id}#comments scrolls to the comments once they are on the page.
  useEffect(() => {
    if (acknowledged && painted && location.hash === "#comments") document.getElementById("comments")?.scrollIntoView();
  }, [acknowledged, painted, location.hash]);

  const contentLoading = <p className={styles.muted}>Loading Content...</p>;
  const tags = parseTags(post.tags ?? "");
  const references = (post.citations ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const url = typeof window === "undefined" ? paths.post(post.id) : new URL(paths.post(post.id), window.location.origin).href;

  return (
    <>
      <BackButton />
      <div className={infoBoxes.length && acknowledged ? styles.layout : undefined}>
        <article className={styles.article} aria-labelledby="post-title">
          <PostStateBanner post={post} />
          <PostStructuredData post={post} references={references} />
          <header className={styles.header}>
            <p className={styles.meta}>
              <TypeBadge postType={post.post_type} />
              {post.is_nsfw && <span className={styles.nsfwBadge}>NSFW</span>}
            </p>
            <h1 id="post-title" className={styles.title}>
              {title}
            </h1>
            <p className={styles.byline}>
              By <AuthorLink post={post} /> · <time dateTime={post.created_at}>{formatDateTime(post.created_at, timeZone)}</time>
              {post.status === "approved" && (
                <>
                  {" "}
                  · <Link to={paths.postHistory(post.id)}>History</Link>
                </>
              )}
              {post.event_timestamp && (
                <>
                  {" "}
                  · Event: <time dateTime={post.event_timestamp}>{formatEventDate(post.event_timestamp, timeZone)}</time>
                  {isEventTimeUnknown(post.event_timestamp) && <span className={styles.muted}> (time unknown)</span>}
                </>
              )}
            </p>
          </header>

          {!acknowledged ? (
            <NsfwGate onContinue={() => setAcknowledged(true)} />
          ) : (
            <>
              <div className={styles.toolbar} data-print="hide">
                {/* Votes, comments and sharing are for published posts; one waiting for review says so instead. */}
                {published ? (
                  <>
                    {renderVoteControl ? renderVoteControl(post) : <Score upvotes={post.upvotes} downvotes={post.downvotes} />}
                    <a href="#comments" className={styles.commentLink}>
                      {commentCountLabel(post.comment_count)}
                    </a>
                    <ShareButton title={title} text={post.excerpt} url={url} />
                  </>
                ) : (
                  post.status === "pending" && <span className={styles.statusNote}>Waiting for review: votes and comments open once it is published.</span>
                )}
                {renderActions?.(post, detail)}
              </div>

              <MediaGallery media={post.media ?? []} title={title} onFirstImageSettled={() => setFirstImageSettled(true)} />

              <p className={styles.excerpt}>{post.excerpt}</p>

              {post.content && (
                painted ? <LazyMarkdown headingBase={1} fallback={contentLoading}>{post.content}</LazyMarkdown> : contentLoading
              )}

              {references.length > 0 ? (
                <section className={styles.section} aria-labelledby="post-references">
                  <h2 id="post-references">References</h2>
                  <ul className={styles.references}>
                    {references.map((reference, i) => (
                      <li key={i}>
                        <Reference text={reference} renderUrl={painted && renderReferenceSource ? (url) => renderReferenceSource(post, url) : undefined} />
                      </li>
                    ))}
                  </ul>
                  {painted && renderSources?.(post, { withinReferences: true, references })}
                </section>
              ) : (
                painted && renderSources?.(post, { withinReferences: false, references })
              )}

              {tags.length > 0 && (
                <section className={styles.section} aria-labelledby="post-categories">
                  <h2 id="post-categories">Categories</h2>
                  <ul className={styles.categories}>
                    {tags.map((tag) => (
                      <li key={tag}>
                        <Link to={paths.postsTagged(tag)}>{tag}</Link>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
        </article>
        {acknowledged && <InfoBoxes boxes={infoBoxes} />}
      </div>
      {acknowledged && painted && published && renderComments?.(post)}
    </>
  );
}

/** A reference line; an http(s) address becomes a link, followed by how it stands (`renderUrl`). */
function Reference({ text, renderUrl }: { text: string; renderUrl?: (url: string) => ReactNode }) {
  const parts = splitBareUrls(text);
  return (
    <>
      {parts.map((part, i) =>
        "url" in part ? (
          <a key={i} href={part.url} target="_blank" rel="noopener noreferrer nofollow">
            {part.url}
          </a>
        ) : (
          part.text
        ),
      )}
      {renderUrl && parts.map((part, i) => "url" in part && <Fragment key={i}>{renderUrl(part.url)}</Fragment>)}
    </>
  );
}
