import { createRoute } from "@hono/zod-openapi";
import { tagIndexAnswer } from "../../_shared/api/tags.ts";
import { asCaller } from "../db/lanes.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";
import { getTagIndex } from "../queries/tag-index.ts";
import { noVotables, sharedRead } from "../read-cache/shared-read.ts";

/** GET /tags: every tag of a published post with how many published posts have it, most used first. */
export const tagsRouter = newRouter();

tagsRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listTags",
    tags: ["Posts"],
    summary: "Every tag of a published post, most used first",
    ...access("visitor"),
    responses: { 200: json(tagIndexAnswer, "The tags, each with how many published posts have it."), ...errors() },
  }),
  (c) => sharedRead(c, noVotables, (caller) => asCaller(caller, getTagIndex)),
);
