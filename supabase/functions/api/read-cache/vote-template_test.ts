import assert from "node:assert/strict";
import { type CurrentVotes, fillTemplate, voteTemplate } from "./vote-template.ts";

const home = {
  pinnedPost: { id: 1, title: 'A "pinned" post', upvotes: 3, downvotes: 0, user_vote: "none", comment_count: 2 },
  importantPosts: [{ id: 2, title: "Important", upvotes: 1, downvotes: 1, user_vote: "none", comment_count: 0 }],
  recentPosts: [
    { id: 1, title: 'A "pinned" post', upvotes: 3, downvotes: 0, user_vote: "none", comment_count: 2 },
    // Text that looks like a slot must stay text.
    { id: 3, title: '"upvotes":5, "x:0"', excerpt: "\u2028 and \\ and ünïcode", upvotes: 0, downvotes: 0, user_vote: "none", comment_count: 9 },
  ],
};
type Home = typeof home;
const homeVotables = {
  posts: (answer: Home) => [answer.pinnedPost, ...answer.importantPosts, ...answer.recentPosts],
};

const values = (current: Record<string, Record<string, number | string | null>>): CurrentVotes => new Map(Object.entries(current));

Deno.test("with nothing current to put in, the template gives back the visitor's answer", () => {
  const json = JSON.stringify(home);
  const template = voteTemplate(json, homeVotables);
  assert.equal(fillTemplate(template, values({})), json);
  assert.deepEqual(template.postIds, [1, 2, 3]);
  assert.deepEqual(template.commentIds, []);
});

Deno.test("current counters and the member's votes go into every place the post is, and nothing else changes", () => {
  const template = voteTemplate(JSON.stringify(home), homeVotables);
  const filled = JSON.parse(fillTemplate(template, values({
    "post:1": { upvotes: 4, downvotes: 0, comment_count: 5, user_vote: "up" },
    "post:3": { upvotes: 0, downvotes: 1, comment_count: 9, user_vote: "down" },
  }))) as Home;
  const expected = structuredClone(home);
  Object.assign(expected.pinnedPost, { upvotes: 4, comment_count: 5, user_vote: "up" });
  Object.assign(expected.recentPosts[0], { upvotes: 4, comment_count: 5, user_vote: "up" });
  Object.assign(expected.recentPosts[1], { downvotes: 1, user_vote: "down" });
  assert.deepEqual(filled, expected);
});

Deno.test("comments are filled by their own ids, apart from posts with the same id", () => {
  const list = {
    post: { id: 7, upvotes: 0, downvotes: 0, user_vote: "none", comment_count: 1 },
    comments: [{ id: 7, post_id: 7, upvotes: 2, downvotes: 0, user_vote: "none" }],
  };
  const template = voteTemplate(JSON.stringify(list), {
    posts: (answer: typeof list) => [answer.post],
    comments: (answer: typeof list) => answer.comments,
  });
  assert.deepEqual(template.commentIds, [7]);
  const filled = JSON.parse(fillTemplate(template, values({ "comment:7": { upvotes: 3, downvotes: 0, comment_count: null, user_vote: "up" } })));
  assert.deepEqual(filled, { post: list.post, comments: [{ id: 7, post_id: 7, upvotes: 3, downvotes: 0, user_vote: "up" }] });
});

Deno.test("the template names each post whose comments it holds once, for reading the thread as one range", () => {
  const thread = {
    comments: [
      { id: 10, post_id: 4, upvotes: 0, downvotes: 0, user_vote: "none" },
      { id: 11, post_id: 5, upvotes: 1, downvotes: 0, user_vote: "none" },
      { id: 12, post_id: 4, upvotes: 0, downvotes: 2, user_vote: "none" },
    ],
  };
  const template = voteTemplate(JSON.stringify(thread), { comments: (answer: typeof thread) => answer.comments });
  assert.deepEqual(template.commentIds, [10, 11, 12]);
  assert.deepEqual(template.commentPostIds, [4, 5]);
  assert.deepEqual(template.postIds, []);
});

Deno.test("the template says what counters the visitor's answer shows, aligned with its ids, null where it shows none", () => {
  const list = {
    posts: [
      { id: 1, upvotes: 3, downvotes: 0, user_vote: "none", comment_count: 2 },
      { id: 2, upvotes: 1, downvotes: 4, user_vote: "none" },
    ],
    pinnedPost: { id: 1, upvotes: 3, downvotes: 0, user_vote: "none", comment_count: 2 },
    comments: [{ id: 9, post_id: 1, upvotes: 5, downvotes: 6, user_vote: "none" }],
  };
  const template = voteTemplate(JSON.stringify(list), {
    posts: (answer: typeof list) => [...answer.posts, answer.pinnedPost],
    comments: (answer: typeof list) => answer.comments,
  });
  assert.deepEqual(template.postIds, [1, 2]);
  assert.deepEqual(template.shownPosts, { upvotes: [3, 1], downvotes: [0, 4], comment_count: [2, null] });
  assert.deepEqual(template.shownComments, { upvotes: [5], downvotes: [6] });
});

Deno.test("an answer without posts or comments is one piece", () => {
  const template = voteTemplate('[{"id":1,"title":"box"}]', {});
  assert.deepEqual(template.pieces, ['[{"id":1,"title":"box"}]']);
});
