import { OpenAPIHono, type OpenAPIObjectConfigure, type RouteConfig } from "@hono/zod-openapi";
import type { z } from "zod";
import { errorAnswer } from "../../_shared/api/errors.ts";
import type { AppEnv } from "../context.ts";
import { fail } from "./errors.ts";

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

const errorDescriptions: Record<number, string> = {
  400: "The request is not valid: the message says what to fix.",
  401: "Not signed in, or the session has ended.",
  403: "The caller's role may not do this, or their account is suspended.",
  404: "Not found, or not visible to the caller.",
  409: "The request conflicts with the item's current state.",
  413: "The body is larger than this call takes.",
  429: "Too many requests: try again later (Retry-After says when, where known).",
  503: "The archive is briefly unavailable (Retry-After); nothing was done, so a retry is safe.",
};

/**
 * The error envelope for each status a route can answer with besides its
 * successes. Every route can answer 500 and 503, so those are always listed.
 */
export function errors(...statuses: number[]): Responses {
  const all = [...new Set([...statuses, 500, 503])].sort();
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
};
