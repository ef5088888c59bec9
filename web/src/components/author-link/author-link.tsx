import { Link } from "react-router";
import { paths } from "@/config/paths";
import type { Post } from "@/types/api";

type AuthorLinkProps = {
  post: Pick<Post, "author_id" | "author_name" | "status">;
  className?: string;
};

/**
 * An author's name, linked to their page where it has one: a published post's
 * author always does (a public contribution makes the name public); a deleted
 * account's posts and posts still under review link nowhere.
 */
export function AuthorLink({ post, className }: AuthorLinkProps) {
  const name = post.author_name ?? "Anonymous";
  if (!post.author_id || post.status !== "approved") return <span className={className}>{name}</span>;
  return (
    <Link to={paths.author(post.author_id)} className={className}>
      {name}
    </Link>
  );
}
