import { Link } from "react-router";
import { paths } from "@/config/paths";
import type { Comment, Post } from "@/types/api";

type AuthorLinkProps = {
  /** A post, or a comment (always public: comments are on published posts only). */
  post: Pick<Post, "author_id" | "author_name" | "status"> | Pick<Comment, "author_id" | "author_name">;
  className?: string;
};

/**
 * An author's name, linked to their page where it has one: a published post's
 * or a comment's author always does (a public contribution makes the name
 * public); a deleted account's posts and posts still under review link nowhere.
 */
export function AuthorLink({ post, className }: AuthorLinkProps) {
  const name = post.author_name ?? "Anonymous";
  const underReview = "status" in post && post.status !== "approved";
  if (!post.author_id || underReview) return <span className={className}>{name}</span>;
  return (
    <Link to={paths.author(post.author_id)} className={className}>
      {name}
    </Link>
  );
}
