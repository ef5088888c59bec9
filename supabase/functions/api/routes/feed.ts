import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { displayTitle } from "../../_shared/display-title.ts";
import { siteDescription } from "../../_shared/public-pages.ts";
import { anonymous } from "../auth/caller.ts";
import { asCaller } from "../db/lanes.ts";
import { env } from "../env.ts";
import { fail } from "../http/errors.ts";
import { access, errors, media, newRouter } from "../http/openapi.ts";
import { type AuthorFeed, authorFeed, type FeedPost, feedPosts } from "../queries/feed.ts";
import { visitorAnswer } from "../read-cache/cache.ts";
import { renderAtom } from "../xml/atom.ts";

/**
 * GET /feed: Atom feeds of published posts (the newest 50), of events by
 * event date (?type=event), of one tag (?tag=…) and of one author
 * (?author=…, whose public page it follows). A feed is the same for
 * everyone, so it is read as a visitor whoever asks, and kept in the read
 * cache (emptied when a post changes) like other visitors' reads.
 */
export const feedRouter = newRouter();

const feedQuery = z.object({
  type: z.enum(["event"], { error: "type must be event." }).optional()
    .meta({ description: "event: events by event date instead of the newest posts." }),
  tag: z.string().trim().toLowerCase().min(1, "tag must be 1 to 50 characters.").max(50, "tag must be 1 to 50 characters.").optional()
    .meta({ description: "Only posts with this tag (case does not matter).", example: "history" }),
  author: z.string().trim().toLowerCase()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "author must be a user id (a UUID).").optional()
    .meta({ description: "Only this author's posts: the user id of their author page (a UUID). Not with tag or type.", example: "6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f" }),
});

const authorNotFound = "Author not found.";

// Feed readers poll; a few minutes is fresh enough and spares the function.
const feedCacheControl = "public, max-age=300, stale-while-revalidate=3600";

feedRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getFeed",
    tags: ["Feeds"],
    summary: "An Atom feed of the newest published posts, of events, of one tag or of one author",
    description:
      "The newest 50 published posts; with type=event, events by event date; with tag, the posts with that tag; with author, " +
      "that author's, newest published first (404 when the author has no public page, as GET /authors/{id}; author with tag or type is 400). " +
      "The same for everyone.",
    ...access("visitor"),
    request: { query: feedQuery },
    responses: { 200: media("application/atom+xml", "The Atom feed (cached for five minutes)."), ...errors(400, 404) },
  }),
  async (c) => {
    const { type, tag, author } = c.req.valid("query");
    if (author && (tag || type)) fail(400, "author cannot be combined with tag or type.");
    const events = type === "event";
    const query = new URLSearchParams({ ...(events ? { type } : {}), ...(tag ? { tag } : {}), ...(author ? { author } : {}) }).toString();
    const selfUrl = `${env.siteUrl}/api/feed${query ? `?${query}` : ""}`;

    // The key is the canonical address, so "?tag=X " and "?tag=X" share an entry.
    // An unknown author's answer (null) is kept too: it is forgotten on any change, as the others are.
    const answer = await visitorAnswer(selfUrl, () =>
      asCaller(anonymous, (tx) => author ? authorFeed(tx, author).then((feed) => feed ?? null) : feedPosts(tx, { events, tag })));
    const read = JSON.parse(answer.json) as FeedPost[] | AuthorFeed | null;
    if (read === null) fail(404, authorNotFound);
    const posts = Array.isArray(read) ? read : read.posts;

    const xml = renderAtom({
      selfUrl,
      pageUrl: `${env.siteUrl}${author ? `/authors/${author}` : events ? "/timeline" : tag ? `/posts/all?${new URLSearchParams({ tags: tag })}` : "/"}`,
      title: !Array.isArray(read)
        ? `${env.siteName}: posts by ${read.authorName}`
        : tag
        ? `${env.siteName}: posts tagged “${tag}”`
        : events
        ? `${env.siteName}: events`
        : env.siteName,
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
