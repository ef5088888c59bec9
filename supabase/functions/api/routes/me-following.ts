import { createRoute } from "@hono/zod-openapi";
import {
  defaultDelivery,
  defaultDigest,
  type Delivery,
  type MyFollows,
  myFollows,
  type NotificationSettings,
  notificationSettings,
  notificationSettingsChange,
  type NotificationTopic,
  notificationTopics,
} from "../../_shared/api/follows.ts";
import { asCaller, type ReadTx, writeAsCaller } from "../db/lanes.ts";
import { fail } from "../http/errors.ts";
import { access, errors, formRefused, json, jsonBody, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";

/**
 * /me/follows and /me/notification-settings, mounted under /me (whose
 * middleware asks for a signed-in caller): what the caller follows, and how
 * and when they hear of each topic. Read and written as the caller; row-level
 * security keeps each member to their own rows.
 */
export const meFollowingRouter = newRouter();

meFollowingRouter.openapi(
  createRoute({
    method: "get",
    path: "/follows",
    operationId: "listMyFollows",
    tags: ["Me"],
    summary: "The posts, tags and authors the caller follows, newest first",
    description: "Only posts the caller can still read and authors who still have a public page; titles and names as readers see them now.",
    ...access("member"),
    responses: { 200: json(myFollows, "What the caller follows."), ...errors(401) },
  }),
  async (c) => {
    const follows = await asCaller(c.var.caller, async (tx) => {
      // Each join goes through the posts' and profiles' policies: what the caller cannot read is left out.
      const posts = await tx<{ postId: string; title: string; followedAt: string }[]>`
        select p.id as "postId", p.title, f.created_at as "followedAt"
        from public.post_follows f join public.posts p on p.id = f.post_id
        where f.member_id = (select auth.uid())
        order by f.created_at desc, p.id desc`;
      const tags = await tx<{ tag: string; followedAt: string }[]>`
        select f.tag, f.created_at as "followedAt" from public.tag_follows f
        where f.member_id = (select auth.uid())
        order by f.created_at desc, f.tag`;
      const authors = await tx<{ authorId: string; name: string; followedAt: string }[]>`
        select f.author_id as "authorId", pr.display_name as name, f.created_at as "followedAt"
        from public.author_follows f join public.profiles pr on pr.id = f.author_id
        where f.member_id = (select auth.uid()) and private.has_public_contribution(f.author_id)
        order by f.created_at desc, pr.display_name`;
      return { posts, tags, authors };
    });
    const at = (value: string | Date) => new Date(value).toISOString();
    const answer: MyFollows = {
      posts: follows.posts.map((row) => ({ postId: Number(row.postId), title: row.title, followedAt: at(row.followedAt) })),
      tags: follows.tags.map((row) => ({ tag: row.tag, followedAt: at(row.followedAt) })),
      authors: follows.authors.map((row) => ({ authorId: row.authorId, name: row.name, followedAt: at(row.followedAt) })),
    };
    return c.json(answer, 200);
  },
);

/** The caller's settings, each topic's default where they have not chosen. */
async function readSettings(tx: ReadTx): Promise<NotificationSettings> {
  const chosen = await tx<{ topic: NotificationTopic; delivery: Delivery }[]>`
    select topic, delivery from public.notification_preferences where member_id = (select auth.uid())`;
  const [digest] = await tx<{ timeZone: string; hour: number }[]>`
    select time_zone as "timeZone", digest_hour as hour from public.digest_settings where member_id = (select auth.uid())`;
  return {
    topics: notificationTopics.map((topic) => {
      const row = chosen.find((r) => r.topic === topic);
      return { topic, delivery: row?.delivery ?? defaultDelivery[topic], isDefault: !row };
    }),
    digest: digest ? { timeZone: digest.timeZone, hour: Number(digest.hour), isDefault: false } : { ...defaultDigest, isDefault: true },
  };
}

const settingsRoute = {
  path: "/notification-settings",
  tags: ["Me"],
  ...access("member"),
};

meFollowingRouter.openapi(
  createRoute({
    ...settingsRoute,
    method: "get",
    operationId: "getMyNotificationSettings",
    summary: "How the caller hears of each topic, and when their daily digest goes out",
    description:
      "Topics: decisions (their posts and edits reviewed), replies (to their comments), comments (on their posts), account (a suspension), " +
      "following (what they follow). Delivery: immediate (an e-mail at once), digest (the daily e-mail), bell (no e-mail). " +
      "Without a choice: following in the digest, everything else at once; the digest at 8 in UTC.",
    responses: { 200: json(notificationSettings, "The caller's settings."), ...errors(401) },
  }),
  async (c) => c.json(await asCaller(c.var.caller, readSettings), 200),
);

meFollowingRouter.openapi(
  createRoute({
    ...settingsRoute,
    method: "put",
    operationId: "updateMyNotificationSettings",
    summary: "Change how the caller hears of some topics, or when their digest goes out",
    description: "Only what the body names changes. An unknown topic, delivery or time zone, or an hour outside 0 to 23, is a 400 and nothing changes.",
    middleware: [nonJsonAsEmpty] as const,
    request: { body: jsonBody(notificationSettingsChange) },
    responses: { 200: json(notificationSettings, "The caller's settings after the change."), ...errors(400, 401, 413), ...formRefused },
  }),
  async (c) => {
    const { topics, digest } = c.req.valid("json");
    const settings = await writeAsCaller(c.var.caller, async (tx) => {
      if (digest?.timeZone !== undefined) {
        const [row] = await tx<{ known: boolean }[]>`select private.is_time_zone(${digest.timeZone}) as known`;
        if (!row?.known) fail(400, "timeZone: not a time zone the archive knows; use a name such as Europe/Berlin.");
      }
      for (const { topic, delivery } of topics ?? []) {
        await tx`
          insert into public.notification_preferences (member_id, topic, delivery) values ((select auth.uid()), ${topic}, ${delivery})
          on conflict (member_id, topic) do update set delivery = excluded.delivery, updated_at = now()`;
      }
      if (digest && (digest.timeZone !== undefined || digest.hour !== undefined)) {
        const timeZone = digest.timeZone ?? null;
        const hour = digest.hour ?? null;
        await tx`
          insert into public.digest_settings (member_id, time_zone, digest_hour)
          values ((select auth.uid()), coalesce(${timeZone}::text, ${defaultDigest.timeZone}), coalesce(${hour}::smallint, ${defaultDigest.hour}))
          on conflict (member_id) do update set
            time_zone = coalesce(${timeZone}::text, public.digest_settings.time_zone),
            digest_hour = coalesce(${hour}::smallint, public.digest_settings.digest_hour),
            updated_at = now()`;
      }
      return readSettings(tx);
    });
    c.set("changed", { personal: true });
    return c.json(settings, 200);
  },
);
