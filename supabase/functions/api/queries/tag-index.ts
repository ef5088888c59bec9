import { JsonText } from "../db/json-text.ts";
import type { ReadTx } from "../db/lanes.ts";
import type { TagIndexAnswer } from "../../_shared/api/tags.ts";


/** Every tag of a published post with its count, most used first (private.tag_index reads counts kept as posts are published). */
export async function getTagIndex(tx: ReadTx): Promise<JsonText<TagIndexAnswer>> {
  const [row] = await tx<{ tags: string }[]>`select private.tag_index() as tags`;
  return new JsonText(`{"tags": ${row.tags}}`);
}
