import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { displayTitle } from "../../_shared/display-title.ts";
import { siteDescription } from "../../_shared/public-pages.ts";
import { anonymous } from "../auth/caller.ts";
import { asCaller } from "../db/lanes.ts";
import { env } from "../env.ts";
import { access, errors, media, newRouter } from "../http/openapi.ts";
import { type FeedPost, feedPosts } from "../queries/feed.ts";
import { visitorAnswer } from "../read-cache/cache.ts";
import { renderAtom } from "../xml/atom.ts";

/**
 * GET /feed: Atom feeds of published posts (the newest 50), of events by
 * event date (?type=event) and of one tag (?tag=…). A feed is the same for
 * everyone, so it is read as a visitor whoever asks, and kept in the read
 * cache (emptied when a post changes) like other visitors' reads.
 */
export const feedRouter = newRouter();

const feedQuery = z.object({
  type: z.enum(["event"], { error: "type must be event." }).optional()
    .meta({ description: "event: events by event date instead of the newest posts." }),
  tag: z.string().trim().toLowerCase().min(1, "tag must be 1 to 50 characters.").max(50, "tag must be 1 to 50 characters.").optional()
    .meta({ description: "Only posts with this tag (case does not matter).", example: "history" }),
});

// Feed readers poll; a few minutes is fresh enough and spares the function.
const feedCacheControl = "public, max-age=300, stale-while-revalidate=3600";

feedRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getFeed",
    tags: ["Feeds"],
    summary: "An Atom feed of the newest published posts, of events or of one tag",
    description: "The newest 50 published posts; with type=event, events by event date; with tag, the posts with that tag. The same for everyone.",
    ...access("visitor"),
    request: { query: feedQuery },
    responses: { 200: media("application/atom+xml", "The Atom feed (cached for five minutes)."), ...errors(400) },
  }),
  async (c) => {
    const { type, tag } = c.req.valid("query");
    const events = type === "event";
    const query = new URLSearchParams({ ...(events ? { type } : {}), ...(tag ? { tag } : {}) }).toString();
    const selfUrl = `${env.siteUrl}/api/feed${query ? `?${query}` : ""}`;

    // The key is the canonical address, so "?tag=X " and "?tag=X" share an entry.
    const answer = await visitorAnswer(selfUrl, () => asCaller(anonymous, (tx) => feedPosts(tx, { events, tag })));
    const posts = JSON.parse(answer.json) as FeedPost[];

    const xml = renderAtom({
      selfUrl,
      pageUrl: `${env.siteUrl}${events ? "/timeline" : "/"}`,
      title: tag ? `${env.siteName}: posts tagged “${tag}”` : events ? `${env.siteName}: events` : env.siteName,
      subtitle: siteDescription,
      entries: posts.map((post) => {
        const url = `${env.siteUrl}/posts/${post.id}`;
        return {
          url,
          title: displayTitle(post.title),
          // As on share cards: an NSFW post's text stays behind its warning.
          summary: post.isNsfw ? null : post.excerpt,
          author: post.authorName,
          categories: post.tags,
          published: post.published,
          updated: post.updated,
        };
      }),
    });
    if (answer.fromMemory) c.header("X-Read-Cache", "hit");
    return c.body(xml, 200, {
      "content-type": "application/atom+xml; charset=utf-8",
      "cache-control": feedCacheControl,
    });
  },
);
