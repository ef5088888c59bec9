import { z } from "zod";

/** GET /api/health and /api/health/db: the function (and, for /db, the database) answers. */
export const healthAnswer = z.object({ ok: z.literal(true) }).meta({ id: "Health" });
