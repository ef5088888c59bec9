// The environment first: the lanes read it at import (nothing here connects).
import "../testing/offline-env.ts";
import assert from "node:assert/strict";
import { anonymous } from "../auth/caller.ts";
import { asCaller, type ReadTx, writeAsCaller, type WriteTx } from "./lanes.ts";

/** A change, typed as one: it takes a write's statements. */
const addSuggestion = (tx: WriteTx) => tx`insert into public.suggestions (suggestion) values ('typed')`;
/** A read: any lane's statements will do. */
const countTags = (tx: ReadTx) => tx`select count(*) from private.tag_index()`;

Deno.test("a read's statements cannot be handed to a change; a write's can be handed to a read", () => {
  // Type-checked by `deno test`, never called: should a read's ReadTx become
  // a WriteTx, the expected error goes away and the check fails to compile.
  const lanes = [
    // @ts-expect-error: a read's statements (read-only for a member, `anon` for a visitor) are not a write's.
    () => asCaller(anonymous, (tx) => addSuggestion(tx)),
    () => writeAsCaller(anonymous, async (tx) => [await countTags(tx), await addSuggestion(tx)]),
    () => asCaller(anonymous, (tx) => countTags(tx)),
  ];
  assert.equal(lanes.length, 3);
});
