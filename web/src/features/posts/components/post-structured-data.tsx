import { paths } from "@/config/paths";
import { useSiteOrigin } from "@/hooks/use-site-origin";
import { scriptSafeJson } from "@/lib/script-safe-json";
import type { Post } from "@/types/api";
import { displayTitle, firstImage } from "../utils/display";

type Props = {
  post: Post;
  /** The post's references, one per line of its citations. */
  references: string[];
};

/**
 * The post as schema.org's DiscussionForumPosting, in JSON-LD: search
 * engines read the title, author, dates, text and references of a community
 * post from it without guessing at the page.
 */
export function PostStructuredData({ post, references }: Props) {
  const origin = useSiteOrigin();
  const image = post.is_nsfw ? undefined : firstImage(post);
  const data = {
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    "@id": new URL(paths.post(post.id), origin).href,
    url: new URL(paths.post(post.id), origin).href,
    headline: displayTitle(post.title),
    text: [post.excerpt, post.content].filter(Boolean).join("\n\n"),
    datePublished: post.created_at,
    author: {
      "@type": "Person",
      name: post.author_name,
      ...(post.author_id ? { url: new URL(paths.author(post.author_id), origin).href } : {}),
    },
    ...(post.tags ? { keywords: post.tags } : {}),
    ...(references.length ? { citation: references } : {}),
    ...(image ? { image: new URL(image.url, origin).href } : {}),
    interactionStatistic: [
      { "@type": "InteractionCounter", interactionType: "https://schema.org/CommentAction", userInteractionCount: post.comment_count },
      { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: post.upvotes },
    ],
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />;
}
