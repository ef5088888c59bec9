import assert from "node:assert/strict";
import { countersOf, forgetCounters, maxChangedCounters, noteCounters, noteCountersPayload } from "./current-counters.ts";

Deno.test("the database's notifications set a post's counters and comment count, a comment's counters", () => {
  forgetCounters();
  assert.equal(noteCountersPayload("post,12,5,1,3"), true);
  assert.equal(noteCountersPayload("comment,12,0,2"), true);
  assert.deepEqual(countersOf("post", 12), { upvotes: 5, downvotes: 1, comment_count: 3 });
  assert.deepEqual(countersOf("comment", 12), { upvotes: 0, downvotes: 2 });
});

Deno.test("a vote's own result keeps the comment count already known", () => {
  forgetCounters();
  noteCountersPayload("post,1,0,0,4");
  noteCounters("post", 1, { upvotes: 1, downvotes: 0 });
  assert.deepEqual(countersOf("post", 1), { upvotes: 1, downvotes: 0, comment_count: 4 });
  forgetCounters();
  assert.equal(countersOf("post", 1), undefined);
});

Deno.test("anything else on the channel is ignored, and too many changes ask to forget everything", () => {
  forgetCounters();
  assert.equal(noteCountersPayload("profile,1,2,3"), true);
  assert.equal(countersOf("post", 1), undefined);
  for (let id = 0; id < maxChangedCounters; id++) noteCounters("comment", id, { upvotes: 1 });
  assert.equal(noteCounters("post", 1, { upvotes: 1 }), false);
  forgetCounters();
});
