import type { ReactNode } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "@/components/responsive-image/responsive-image";
import { paths } from "@/config/paths";
import type { ImageSlot } from "@/lib/image-sources";
import type { Post } from "@/types/api";
import { commentCountLabel, displayTitle, type ShownImage, typeLabel } from "../utils/display";
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
export function PostTitleLink({
  post,
  as: Heading = "h3",
  className = styles.title,
  children,
}: {
  post: Pick<Post, "id" | "title">;
  as?: "h2" | "h3" | "h4";
  className?: string;
  /** The title as shown, when it is more than text (a search's highlights). */
  children?: ReactNode;
}) {
  return (
    <Heading className={className}>
      <Link to={paths.post(post.id)} className={styles.titleLink}>
        {children ?? displayTitle(post.title)}
      </Link>
    </Heading>
  );
}

/** A post's picture in a list or card, cropped to the card's ratio (post-bits.module.css) and sized for its slot. */
export function PostImage({ image, slot, priority = false }: { image: ShownImage; slot: ImageSlot; priority?: boolean }) {
  return <ResponsiveImage className={styles.image} src={image.url} alt="" width={image.width} height={image.height} slot={slot} priority={priority} />;
}
