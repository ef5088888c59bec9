import assert from "node:assert/strict";
import { voteRequest } from "../../_shared/api/votes.ts";

Deno.test("a vote is up, down or none", () => {
  for (const voteType of ["up", "down", "none"]) assert.deepEqual(voteRequest.parse({ voteType }), { voteType });
  const wrong = voteRequest.safeParse({ voteType: "sideways" });
  assert.equal(wrong.error?.issues[0]?.message, "voteType must be up, down or none.");
});
