import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";
import { getTagIndex } from "../queries/tag-index.ts";
import { noVotables, sharedRead } from "../read-cache/shared-read.ts";

/** GET /tags: every tag of a published post with how many published posts have it, most used first. */
export const tagsRouter = new Hono<AppEnv>();

tagsRouter.get("/", (c) => sharedRead(c, noVotables, (caller) => asCaller(caller, getTagIndex)));
