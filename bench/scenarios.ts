/**
 * The calls the bench measures: the floor, every read as a visitor (from the
 * read cache), as a cache miss (built by Postgres) and signed in, a vote and
 * a new comment, and the writes that have followers (bench/followers.ts).
 */
import type autocannon from "autocannon";
import type { Inputs } from "./inputs.ts";
import type { Member } from "./members.ts";

/**
 * "floor": one of the two floors (FloorName); "read": a visitor's read (answered
 * from the function's read cache); "cache miss": the same read built by Postgres each time;
 * "signed in": a member's read (the visitor's answer plus the member's votes).
 */
export type Kind = "floor" | "read" | "cache miss" | "signed in" | "vote" | "comment" | "approve";

/**
 * The two floors: "memory", a route of the function that touches no database
 * (what a read answered from the read cache is compared with); "database",
 * one `select 1` as `anon` through the pool and place in line a read takes
 * (what a read Postgres builds is compared with).
 */
export type FloorName = "memory" | "database";

export interface Scenario {
  name: string;
  path: string;
  kind: Kind;
  /** A floor's own name (kind "floor" only). */
  floor?: FloorName;
  requests?: () => autocannon.Options["requests"];
  /** Stops the call after this many requests (a pool of members each allowed one). */
  maxRequests?: number;
}

interface Read {
  name: string;
  path: string;
}

/** Searches in the words of `npm run seed:large`'s titles ("… the rehearsal studio in Berlin (1990)"). */
export const searchReads = ['"rehearsal in Berlin"', "rehearsals type:event", "rehersal berlni", "acoustic guitar"];

export function reads(inputs: Inputs): Read[] {
  return [
    { name: "GET /api/posts", path: "/posts" },
    { name: "GET /api/posts/recent (Home's Show more)", path: `/posts/recent?tz=UTC&cursor=${inputs.recentCursor}` },
    { name: "GET /api/posts/all", path: "/posts/all" },
    { name: `GET /api/posts/all?search=${inputs.searchWord}`, path: `/posts/all?search=${inputs.searchWord}` },
    // Search: a quoted phrase, stemmed words with a filter, a misspelt search that finds nothing and gets its
    // "Did you mean", and Best match of two common words (each the default order of a search with words).
    ...searchReads.map((search) => ({ name: `GET /api/posts/all?search=${search}`, path: `/posts/all?search=${encodeURIComponent(search)}` })),
    {
      name: `GET /api/posts/all?tags=${inputs.twoTags}&sort=most_upvotes`,
      path: `/posts/all?tags=${encodeURIComponent(inputs.twoTags)}&sort=most_upvotes`,
    },
    { name: "GET /api/posts/all (page 5,000 posts deep)", path: `/posts/all?cursor=${inputs.deepCursor}` },
    { name: "GET /api/timeline", path: "/timeline" },
    { name: `GET /api/posts/${inputs.busiestPostId}`, path: `/posts/${inputs.busiestPostId}` },
    { name: `GET /api/posts/${inputs.busiestPostId}/comments?sort=top`, path: `/posts/${inputs.busiestPostId}/comments?sort=top` },
  ];
}

/** Signed-in requests rotate over the members, so each carries a real token. */
export function asMembers(members: Member[]): () => autocannon.Options["requests"] {
  return () => {
    let n = 0;
    return [{
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${members[n++ % members.length].token}` },
      }),
    }];
  };
}

let missCounter = 0;
/** Each request a new address (an ignored parameter), so none is answered from the read cache: Postgres's cost per read. */
const uncached = (): autocannon.Options["requests"] => [{
  setupRequest: (request) => ({
    ...request,
    path: `${request.path}${request.path?.includes("?") ? "&" : "?"}bench_miss=${missCounter++}`,
  }),
}];

export const floors: Record<FloorName, Scenario> = {
  memory: { name: "floor: GET /api/health", path: "/health", kind: "floor", floor: "memory" },
  database: { name: "floor: GET /api/health/db", path: "/health/db", kind: "floor", floor: "database" },
};

/** Every read as a visitor from the cache, then every read as a cache miss, then every read signed in. */
export function readScenarios(inputs: Inputs, readers: Member[]): Scenario[] {
  const all = reads(inputs);
  return [
    ...all.map((read): Scenario => ({ ...read, kind: "read" })),
    ...all.map((read): Scenario => ({ name: `${read.name} (cache miss)`, path: read.path, kind: "cache miss", requests: uncached })),
    ...all.map((read): Scenario => ({ name: `${read.name} (signed in)`, path: read.path, kind: "signed in", requests: asMembers(readers) })),
  ];
}

/** POSTs as members: `write(i)` names the i-th request's member, post and body. */
function memberWrites(write: (i: number) => { member: Member; postId: number; action: string; body: unknown }) {
  return (): autocannon.Options["requests"] => {
    let n = 0;
    return [{
      method: "POST",
      setupRequest: (request) => {
        const { member, postId, action, body } = write(n++);
        return {
          ...request,
          path: `/functions/v1/api/posts/${postId}/${action}`,
          headers: { ...request.headers, authorization: `Bearer ${member.token}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        };
      },
    }];
  };
}

/** A member's votes a minute (the limit in private.cast_post_vote, …000350_votes.sql). */
const votesPerMinute = 30;

/** Each request: the next voter, a post, and a vote that changes their last one; each voter votes at most their minute's allowance. */
export function voteScenario(inputs: Inputs, voters: Member[]): Scenario {
  return {
    name: "POST /api/posts/{id}/vote (signed in)",
    path: "/posts/0/vote",
    kind: "vote",
    maxRequests: voters.length * votesPerMinute,
    requests: memberWrites((i) => ({
      member: voters[i % voters.length],
      postId: inputs.writePostIds[Math.floor(i / voters.length) % inputs.writePostIds.length],
      action: "vote",
      body: { voteType: ["up", "down", "none"][i % 3] },
    })),
  };
}

/** Each request: a commenter who has not commented yet in this run (one comment a minute each), on one of the newest posts. */
export function commentScenario(inputs: Inputs, commenters: Member[]): Scenario {
  return {
    name: "POST /api/posts/{id}/comments (signed in)",
    path: "/posts/0/comments",
    kind: "comment",
    maxRequests: commenters.length,
    requests: memberWrites((i) => ({
      member: commenters[i % commenters.length],
      postId: inputs.writePostIds[i % inputs.writePostIds.length],
      action: "comments",
      body: { content: `Bench comment ${i}: a few words, as members write them.` },
    })),
  };
}

/** Each request: a commenter who has not commented yet, on one of the threads each followed by 1,000 members. */
export function followedCommentScenario(threadIds: number[], commenters: Member[]): Scenario {
  return {
    name: "POST /api/posts/{id}/comments (signed in, a thread with 1,000 followers)",
    path: "/posts/0/comments",
    kind: "comment",
    maxRequests: commenters.length,
    requests: memberWrites((i) => ({
      member: commenters[i % commenters.length],
      postId: threadIds[i % threadIds.length],
      action: "comments",
      body: { content: `Bench comment ${i} on a followed thread.` },
    })),
  };
}

/** Each request: an admin approves the next pending post of a tag 1,000 members follow. */
export function approveScenario(pendingPostIds: number[], reviewer: Member): Scenario {
  return {
    name: "POST /api/admin/posts/{id}/approve (a tag with 1,000 followers)",
    path: "/admin/posts/0/approve",
    kind: "approve",
    maxRequests: pendingPostIds.length,
    requests: (() => {
      let n = 0;
      return [{
        method: "POST",
        setupRequest: (request) => ({
          ...request,
          path: `/functions/v1/api/admin/posts/${pendingPostIds[n++ % pendingPostIds.length]}/approve`,
          headers: { ...request.headers, authorization: `Bearer ${reviewer.token}` },
        }),
      }];
    }) as Scenario["requests"],
  };
}
