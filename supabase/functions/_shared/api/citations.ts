import { z } from "zod";

export const citationFormats = ["apa", "mla", "chicago", "bibtex", "csl-json"] as const;

/** GET /api/posts/{id}/citation's query. */
export const citationQuery = z.object({
  format: z.enum(citationFormats, { error: `format must be one of ${citationFormats.join(", ")}.` })
    .meta({ description: "APA, MLA or Chicago as plain text, BibTeX, or CSL-JSON.", example: "apa" }),
  // A given access day makes the answer reproducible (tests, a citation regenerated later).
  accessed: z.iso.date("accessed must be a day as YYYY-MM-DD.").optional()
    .meta({ description: "The day the reader accessed the post (UTC); today when left out.", example: "2026-05-03" }),
});

const dateParts = z.object({ "date-parts": z.array(z.array(z.number().int())) });

/** The csl-json format: one CSL-JSON item (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html). */
export const cslJson = z
  .array(
    z.object({
      id: z.string(),
      type: z.literal("webpage"),
      title: z.string(),
      author: z.array(z.object({ literal: z.string() })).optional().meta({ description: "Absent for a deleted account's post." }),
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
      author: [{ literal: "Ada Lovelace" }],
      "container-title": "The Community Archive",
      URL: "https://archive.example.org/posts/42/history?revision=9",
      issued: { "date-parts": [[2026, 5, 1]] },
      accessed: { "date-parts": [[2026, 5, 3]] },
    }],
  });

export type CitationFormat = (typeof citationFormats)[number];
export type CslJson = z.infer<typeof cslJson>;
