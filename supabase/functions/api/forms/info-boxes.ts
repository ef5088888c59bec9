import type { z } from "zod";
import { infoBoxInput as infoBoxFields } from "../../_shared/api/edit-suggestions.ts";

/**
 * An info box as clients send it (its fields: _shared/api/edit-suggestions.ts),
 * whose `entries` keep the author's order, which a JSON object does not keep
 * once Postgres stores it as jsonb. A box sent
 * with `content` alone gets its entries in the order the object lists its
 * keys (as written, except that keys like "2019" come first, as JavaScript
 * orders them). Shape and types only: a title, how many and how large are
 * the database's rules (private.normalize_info_box), with its messages.
 */
export const infoBoxInput = infoBoxFields
  .transform((box) => (box.entries || !box.content ? box : { ...box, entries: Object.entries(box.content) }));

export type InfoBoxInput = z.output<typeof infoBoxInput>;
