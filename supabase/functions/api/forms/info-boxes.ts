import { z } from "zod";

/**
 * An info box as clients send it (SPEC §3: title, content, order), plus
 * `entries`: the content as [key, value] pairs in the author's order, which
 * a JSON object does not keep once Postgres stores it as jsonb. A box sent
 * with `content` alone gets its entries in the order the object lists its
 * keys (as written, except that keys like "2019" come first, as JavaScript
 * orders them). Shape and types only: a title, how many and how large are
 * the database's rules (private.normalize_info_box), with its messages.
 */
export const infoBoxInput = z
  .object({
    title: z.string(),
    content: z.record(z.string(), z.string()).optional(),
    entries: z.array(z.tuple([z.string(), z.string()])).optional(),
    order: z.number().int().optional(),
  })
  .transform((box) => (box.entries || !box.content ? box : { ...box, entries: Object.entries(box.content) }));

export type InfoBoxInput = z.output<typeof infoBoxInput>;
