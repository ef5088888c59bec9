import { z } from "zod";

export const reportReasons = ["spam", "harassment", "misinformation", "off_topic", "other"] as const;

/**
 * POST /api/posts/{id}/report and /api/comments/{id}/report. Whether "other"
 * has its text, the text's length and "once per item" are the database's
 * rules (private.reports_before_insert), with its messages.
 */
export const reportRequest = z
  .object({
    reason: z.enum(reportReasons, { error: `reason must be one of ${reportReasons.join(", ")}.` }),
    details: z.string({ error: "details must be text." }).nullish().meta({ description: "What is wrong; required with reason \"other\"." }),
  })
  .meta({ id: "ReportRequest", example: { reason: "spam", details: null } });

/** The report is filed for the team. */
export const reportFiled = z
  .object({
    success: z.literal(true),
    message: z.string(),
    id: z.number().int(),
  })
  .meta({ id: "ReportFiled", example: { success: true, message: "Thank you. The admins will look at your report.", id: 5 } });

export type ReportReason = (typeof reportReasons)[number];
export type ReportRequest = z.infer<typeof reportRequest>;
export type ReportFiled = z.infer<typeof reportFiled>;
