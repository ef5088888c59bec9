import { z } from "zod";

export const citationFormats = ["apa", "mla", "chicago", "bibtex", "csl-json"] as const;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** GET /api/posts/{id}/citation's query. */
export const citationQuery = z.object({
  format: z.enum(citationFormats, { error: `format must be one of ${citationFormats.join(", ")}.` })
    .meta({ description: "APA, MLA or Chicago as plain text, BibTeX, or CSL-JSON.", example: "apa" }),
  // A given access day makes the answer reproducible (tests, a citation regenerated later).
  accessed: z.iso.date("accessed must be a day as YYYY-MM-DD.").optional()
    .meta({ description: "The day the reader accessed the post; today in `tz` when left out.", example: "2026-05-03" }),
  // The post page shows dates in the reader's zone: cited in the same zone, the cited day is the day shown there.
  tz: z.string().refine(isTimeZone, "tz must be an IANA time zone such as Europe/Berlin.").optional()
    .meta({ description: "The reader's IANA time zone, in which the cited day (and today) is taken; UTC when left out.", example: "Europe/Berlin" }),
});

const dateParts = z.object({ "date-parts": z.array(z.array(z.number().int())) });

/** The csl-json format: one CSL-JSON item (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html). */
export const cslJson = z
  .array(
    z.object({
      id: z.string(),
      type: z.literal("webpage"),
      title: z.string(),
      author: z.array(z.union([z.object({ family: z.string(), given: z.string() }), z.object({ literal: z.string() })])).optional()
        .meta({ description: "Family and given name when the display name is plainly \"Given Family\", else the whole name as a literal; absent for a deleted account's post." }),
      "container-title": z.string(),
      URL: z.string().meta({ description: "The post's history opened at its current revision (the post itself before revisions were kept)." }),
      issued: dateParts,
      accessed: dateParts,
    }),
  )
  .meta({
    id: "CslJson",
    example: [{
      id: "post-42",
      type: "webpage",
      title: "Opening of the community garden",
      author: [{ family: "Lovelace", given: "Ada" }],
      "container-title": "The Community Archive",
      URL: "https://archive.example.org/posts/42/history?revision=9",
      issued: { "date-parts": [[2026, 5, 1]] },
      accessed: { "date-parts": [[2026, 5, 3]] },
    }],
  });

export type CitationFormat = (typeof citationFormats)[number];
export type CslJson = z.infer<typeof cslJson>;
