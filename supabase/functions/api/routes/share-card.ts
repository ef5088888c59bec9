import { createRoute } from "@hono/zod-openapi";
import { shareCard, shareCardQuery } from "../../_shared/api/share-cards.ts";
import { displayTitle } from "../../_shared/display-title.ts";
import { postPagePattern, publicPageAt, siteDescription } from "../../_shared/public-pages.ts";
import type { ShareCard } from "../../_shared/share-card.ts";
import { anonymous } from "../auth/caller.ts";
import { asCaller } from "../db/lanes.ts";
import { env } from "../env.ts";
import { fail } from "../http/errors.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";
import { cardPost } from "../queries/share-card.ts";
import { visitorAnswer } from "../read-cache/cache.ts";

/**
 * GET /share-card?path=/posts/123: what a page's link preview shows (title,
 * description, canonical URL, image, OpenGraph type), for the static host to
 * write into index.html (web/host/). JSON, not the page itself: on the
 * default *.supabase.co domain the platform turns a function's text/html
 * answers to GET requests into text/plain (Supabase docs, "Edge Functions
 * limits": HTML only on custom domains).
 */
export const shareCardRouter = newRouter();

/** A post's card as a visitor may see it; null when a visitor may not read the post. */
async function postCard(id: number): Promise<ShareCard | null> {
  const post = await asCaller(anonymous, (tx) => cardPost(tx, id));
  if (!post) return null;
  // An NSFW post's card shows neither its image nor its excerpt: they stay behind the post page's warning.
  const image = post.is_nsfw || !post.image_path ? null : `${env.siteUrl}/images/${post.image_path}`;
  return {
    title: displayTitle(post.title),
    description: post.is_nsfw ? siteDescription : post.excerpt,
    url: `${env.siteUrl}/posts/${post.id}`,
    image,
    type: "article",
  };
}

shareCardRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getShareCard",
    tags: ["Share cards"],
    summary: "What a page's link preview shows",
    description: "For the static host, which writes it into index.html: a public page's card, or a published post's as a visitor sees it.",
    ...access("visitor"),
    request: { query: shareCardQuery },
    responses: { 200: json(shareCard, "The page's card."), ...errors(400, 404) },
  }),
  async (c) => {
    const { path } = c.req.valid("query");
    const page = publicPageAt(path);
    if (page) {
      return c.json({
        title: page.title ?? env.siteName,
        description: page.description ?? siteDescription,
        url: `${env.siteUrl}${page.path}`,
        image: null,
        type: "website",
      } satisfies ShareCard, 200);
    }

    const id = Number(path.match(postPagePattern)?.[1]);
    if (!Number.isSafeInteger(id)) fail(404, "Page not found.");
    const answer = await visitorAnswer(`${env.siteUrl}/api/share-card?path=/posts/${id}`, () => postCard(id));
    const card = JSON.parse(answer.json) as ShareCard | null;
    if (!card) fail(404, "Post not found.");
    return c.json(card, 200);
  },
);
