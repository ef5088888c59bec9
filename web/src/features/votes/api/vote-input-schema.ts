import { z } from "@/lib/zod";

/** What a vote sends (SPEC §7). Loaded when a vote is cast, so pages that only show scores never load zod. */
export const voteInputSchema = z.object({ voteType: z.enum(["up", "down", "none"]) });
