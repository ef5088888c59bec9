import { OpenAPIHono, type OpenAPIObjectConfigure, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { errorAnswer } from "../../_shared/api/errors.ts";
import type { AppEnv } from "../context.ts";
import { fail } from "./errors.ts";

// zod's own messages ("Invalid input: expected string") do not say which field
// they are about; prefix them with its path. Messages written in a schema are
// for people already and stay as they are.
const english = z.locales.en();
z.config({
  customError: (issue) => {
    const base = english.localeError(issue as never);
    const message = typeof base === "string" ? base : base?.message;
    return issue.path?.length ? `${issue.path.join(".")}: ${message}` : message;
  },
});

/**
 * One router per resource, as Hono's guides do it, that also describes its
 * routes: each route is declared with createRoute (its parameters, body and
 * every answer as zod schemas), so GET /api/openapi.json is built from the
 * same schemas that validate the requests. A request the schemas refuse is a
 * 400 in the common error envelope, carrying the first problem's message.
 */
export function newRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) fail(400, result.error.issues[0]?.message ?? "Invalid request.");
    },
  });
}

type Responses = RouteConfig["responses"];

/** A JSON answer with this schema. */
export function json(schema: z.ZodType, description: string): Responses[string] {
  return { description, content: { "application/json": { schema } } };
}

/** An answer in another media type (a feed, a file, an image): its schema where it has one, else a string or binary. */
export function media(mediaType: string, description: string, schema?: z.ZodType): Responses[string] {
  return { description, content: { [mediaType]: { schema: schema ?? { type: "string", ...(mediaType.startsWith("image/") ? { format: "binary" } : {}) } } } };
}

/**
 * A body that is not JSON is read as none, as the routes did before they
 * declared their bodies: the schema then answers with its own message (400)
 * where @hono/zod-openapi's media-type check would answer 415 "Unsupported
 * Media Type". Forms never get here (middleware/json-body-limit.ts refuses
 * them first). Goes after a route's guards, before its body is checked.
 */
export const nonJsonAsEmpty: MiddlewareHandler = async (c, next) => {
  const type = c.req.header("content-type");
  const isJson = type !== undefined && /^application\/([\w.-]+\+)?json$/i.test(type.split(";")[0].trim());
  if (c.req.raw.body && !isJson) {
    const headers = new Headers(c.req.raw.headers);
    headers.delete("content-type");
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, signal: c.req.raw.signal });
  }
  await next();
};

/** The answer of a JSON route sent a form (middleware/json-body-limit.ts refuses it). */
export const formRefused = { 415: json(errorAnswer, "The body is a form: this call takes JSON.") };

/** A JSON request body with this schema, for createRoute. */
export const jsonBody = <Schema extends z.ZodType>(schema: Schema, description?: string) => ({
  required: true,
  description,
  content: { "application/json": { schema } },
});

const errorDescriptions: Record<number, string> = {
  400: "The request is not valid: the message says what to fix.",
  401: "Not signed in where the call needs it, or the token sent is not valid or has expired.",
  403: "The caller's role may not do this, or their account is suspended.",
  404: "Not found, or not visible to the caller.",
  409: "The request conflicts with the item's current state.",
  413: "The body is larger than this call takes.",
  429: "Too many requests: try again later (Retry-After says when, where known).",
  503: "The archive is briefly unavailable (Retry-After); nothing was done, so a retry is safe.",
};

/**
 * The error envelope for each status a route can answer with besides its
 * successes. Every route can answer 401 (a token that is not valid or has
 * expired: middleware/caller.ts refuses it whatever the route), 500 and 503,
 * so those are always listed.
 */
export function errors(...statuses: number[]): Responses {
  const all = [...new Set([...statuses, 401, 500, 503])].sort();
  return Object.fromEntries(
    all.map((status) => [status, json(errorAnswer, errorDescriptions[status] ?? "Something went wrong on our side.")]),
  );
}

export type Role = "visitor" | "member" | "moderator" | "admin";

/**
 * Who may call a route, spread into its createRoute: `security` (the bearer
 * token, optional where visitors may call) and `x-role`, the least role the
 * permission table (tests/support/permissions.ts) lets through.
 */
export function access(role: Role): Pick<RouteConfig, "security"> & { "x-role": Role } {
  return role === "visitor" ? { security: [{}, { bearer: [] }], "x-role": role } : { security: [{ bearer: [] }], "x-role": role };
}

/** The document's head: what GET /api/openapi.json and docs/openapi.json say about the API as a whole. */
export const documentHead: Exclude<OpenAPIObjectConfigure<AppEnv, string>, (...args: never[]) => unknown> = {
  openapi: "3.1.0",
  info: {
    title: "The Community Archive API",
    version: "1.0.0",
    description:
      "The archive's own API, served by one Supabase Edge Function at /api (docs/api.md: sign-in, errors, paging, limits, caching). " +
      "Visitors call it without a token; members send their Supabase Auth access token as a bearer token.",
  },
  servers: [{ url: "/", description: "The site: /api is served by the api function" }],
  // Every tag a route names, in the order the reference shows them (redocly.yaml: operation-tag-defined).
  tags: [
    { name: "Posts", description: "The archive's posts: Home, search and tags, one post with its sources and citation, and submitting, editing, voting on and reporting posts." },
    { name: "Comments", description: "A post's discussion: reading, writing, editing, voting on and reporting comments." },
    { name: "Timeline", description: "Published posts ordered by the date of the event they are about." },
    { name: "Authors", description: "An author's public page: their name and their published posts." },
    { name: "Revisions", description: "A published post's history, one revision per change, to compare." },
    { name: "Edit suggestions", description: "Members suggesting changes to a published post, for the team to review." },
    { name: "Suggestions", description: "General suggestions about the archive, sent to its operators." },
    { name: "Notifications", description: "What the archive has told the signed-in member, and marking it read." },
    { name: "E-mail", description: "What notification e-mails link back to without signing in (unsubscribing), and the e-mail provider's webhook." },
    { name: "Me", description: "The signed-in member's own account: roles, invitation, their posts and suggestions, their data." },
    { name: "Feeds", description: "Machine-readable views of the archive for feed readers and search engines (Atom, sitemap)." },
    { name: "Share cards", description: "What a page's link preview shows when it is shared." },
    { name: "Downloads", description: "The archive's posts as files to download (CSV, JSON, JSON Lines)." },
    { name: "Jobs", description: "Work Supabase Cron runs on a schedule, not for people." },
    { name: "Admin", description: "The team's tools: review queues, reports, suspensions, people, revisions, link health and backups." },
    { name: "Health", description: "Whether the function and its database answer, for monitoring." },
  ],
};
