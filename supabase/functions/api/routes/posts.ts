import { Hono } from "hono";
import { z } from "zod";
import { asCaller } from "../../_shared/db.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";

export const postsRouter = new Hono<AppEnv>();

const homeQuery = z.object({
  // The visitor's time zone decides what "today" is for Recent News.
  tz: z.string().min(1).max(64).optional(),
});

postsRouter.get("/", validate("query", homeQuery), async (c) => {
  const { tz } = c.req.valid("query");
  const home = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ home: unknown }[]>`select private.home_posts(${tz ?? "UTC"}) as home`;
    return row.home;
  });
  return c.json(home);
});
