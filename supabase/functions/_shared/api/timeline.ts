import { z } from "zod";
import { post } from "./posts.ts";

const cursor = z.string().nullable();

/** GET /api/timeline: a page of approved posts by event date (else creation date), newest first. */
export const timelinePage = z
  .object({
    posts: z.array(post),
    nextCursor: cursor.meta({ description: "Pass back as `cursor` for the older posts below this page; null at the end." }),
    newerCursor: cursor.meta({
      description: "Pass back as `newer` for the newer posts above this page; null when none are left or the page starts at the top.",
    }),
  })
  .meta({ id: "TimelinePage" });

/** GET /api/timeline/months: the months (YYYY-MM) that have posts on the timeline, newest first. */
export const timelineMonths = z
  .object({ months: z.array(z.string().regex(/^\d{4}-\d{2}$/)) })
  .meta({ id: "TimelineMonths", example: { months: ["2025-04", "2025-02", "2024-12"] } });

export type TimelinePage = z.infer<typeof timelinePage>;
export type TimelineMonths = z.infer<typeof timelineMonths>;
