import { Hono } from "hono";
import { asCaller } from "../../_shared/db.ts";
import type { AppEnv } from "../context.ts";
import { noVotables, sharedRead } from "../middleware/shared-read.ts";
import { getTagIndex } from "../queries/tag-index.ts";

/** GET /tags: every tag of a published post with how many published posts have it, most used first. */
export const tagsRouter = new Hono<AppEnv>();

tagsRouter.get("/", (c) => sharedRead(c, noVotables, (caller) => asCaller(caller, getTagIndex)));
