import { Link } from "react-router";
import { paths } from "@/config/paths";
import type { Post } from "@/types/api";
import { commentCountLabel, displayTitle, typeLabel } from "../utils/display";
import styles from "./post-bits.module.css";

export function TypeBadge({ postType }: { postType: string }) {
  return <span className={`${styles.badge} ${styles[`type-${postType}`] ?? ""}`}>{typeLabel(postType)}</span>;
}

export function ImportantMarker() {
  return <span className={styles.important}>IMPORTANT</span>;
}

export function CommentCount({ post }: { post: Pick<Post, "id" | "comment_count"> }) {
  return (
    <span className={styles.comments}>
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round">
        <path d="M4 5h16v11H9l-5 4z" />
      </svg>{" "}
      {commentCountLabel(post.comment_count)}
    </span>
  );
}

/** A post's title linking to its page; `className` sizes and places the heading where a list wants it otherwise. */
export function PostTitleLink({ post, as: Heading = "h3", className = styles.title }: { post: Pick<Post, "id" | "title">; as?: "h2" | "h3" | "h4"; className?: string }) {
  return (
    <Heading className={className}>
      <Link to={paths.post(post.id)} className={styles.titleLink}>
        {displayTitle(post.title)}
      </Link>
    </Heading>
  );
}

/** A lazily loaded image with a fixed aspect ratio (no layout shift) and `sizes` for the layout it sits in. */
export function PostImage({ src, alt = "", sizes, ratio = "16 / 9", eager = false }: { src: string; alt?: string; sizes: string; ratio?: string; eager?: boolean }) {
  return (
    <img
      className={styles.image}
      src={src}
      alt={alt}
      width={640}
      height={360}
      sizes={sizes}
      style={{ aspectRatio: ratio }}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
