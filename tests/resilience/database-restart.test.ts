/**
 * Postgres goes away for a moment and comes back (a deploy, a failover, an
 * operator's `pg_ctl stop` and `start`) while members vote and comment.
 * During the outage the API
 * answers 503 with Retry-After, never 500; afterwards it serves again without
 * being restarted itself; and every write it acknowledged is in the database.
 *
 * Runs alone (its own step in scripts/test.ts): it takes the database away
 * from every other test for a moment.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { expect, it } from "vitest";
import { pgCtl } from "../../local-stack/src/postgres.ts";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createMember, createMembers, type SignedInUser } from "../support/api.ts";
import { testEnv } from "../support/env.ts";

// A member's pause between two requests: the load's pace, not a wait for anything.
const thinkTime = () => new Promise((resolve) => setTimeout(resolve, 300));
const voteCycle = ["up", "down", "none"] as const;

/** Before the stop, while Postgres is down, after it started again. */
type Phase = "before" | "down" | "after";

interface Outcome {
  member: number;
  phase: Phase;
  status: number;
  retryAfter: string | null;
}

it("answers 503 with Retry-After during a restart, loses no acknowledged write and recovers by itself", async () => {
  const members = await createMembers(24);
  const postId = await createPost(members[0]!, { title: "Restart under load" });
  const [{ data_directory: dataDir }] = await sql<{ data_directory: string }[]>`show data_directory`;
  expect(path.isAbsolute(dataDir)).toBe(true);

  const outcomes: Outcome[] = [];
  const acknowledgedComments: string[] = [];
  const lastVote = new Map<string, { voteType: string; acknowledged: boolean }>();
  let phase: Phase = "before";
  let running = true;

  // The restart's steps wait for what the members were answered, checked at each answer.
  const waits: { holds: () => boolean; done: () => void }[] = [];
  const settle = () => {
    for (const wait of waits.filter((w) => w.holds())) {
      waits.splice(waits.indexOf(wait), 1);
      wait.done();
    }
  };
  const until = (what: string, holds: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`not within 30 s: ${what}`)), 30_000);
      waits.push({ holds, done: () => (clearTimeout(deadline), resolve()) });
      settle();
    });
  const everyMember = (answered: (index: number) => boolean) => members.every((_, index) => answered(index));
  const answered = (index: number, when: Phase, status: number) =>
    outcomes.some((o) => o.member === index && o.phase === when && o.status === status);

  const record = (index: number, res: { status: number; headers: Headers }) => {
    outcomes.push({ member: index, phase, status: res.status, retryAfter: res.headers.get("retry-after") });
    settle();
    return res.status;
  };

  const member = async (user: SignedInUser, index: number) => {
    // Each member comments once (the cooldown allows one a minute), at its own moment around the restart.
    const commentAt = Date.now() + index * 250;
    let commented = false;
    for (let round = 0; running; round += 1) {
      const voteType = voteCycle[round % voteCycle.length]!;
      const vote = await api("POST", `/api/posts/${postId}/vote`, { token: user.token, json: { voteType } });
      lastVote.set(user.id, { voteType, acknowledged: record(index, vote) === 200 });
      if (!commented && Date.now() >= commentAt) {
        const content = `Comment ${index} under restart`;
        const comment = await api("POST", `/api/posts/${postId}/comments`, { token: user.token, json: { content } });
        if (record(index, comment) === 201) {
          acknowledgedComments.push(content);
          commented = true;
        }
      }
      await thinkTime();
    }
  };

  const load = Promise.all(members.map(member));
  await until("every member has voted", () => everyMember((i) => answered(i, "before", 200)));
  // A restart with downtime, as a deploy or a failover has: stopped (fast: open
  // transactions are cut), away until the API has answered a request with 503,
  // then started with the same options (whatever happened).
  const options = readFileSync(path.join(dataDir, "postmaster.opts"), "utf8").trim().replace(/^\S+\s*/, "");
  expect(await pgCtl(dataDir, ["stop", "-m", "fast", "-w", "-t", "60"])).toBe(0);
  phase = "down";
  try {
    await until("a 503 during the outage", () => outcomes.some((o) => o.phase === "down" && o.status === 503));
  } finally {
    expect(await pgCtl(dataDir, ["start", "-w", "-t", "60", "-o", options])).toBe(0);
  }
  phase = "after";
  await until("every member has voted again and commented", () =>
    everyMember((i) => answered(i, "after", 200)) && acknowledgedComments.length === members.length);
  running = false;
  await load;

  // Nothing but success, the members' own rate limits, or 503 with Retry-After.
  expect(outcomes.filter((o) => ![200, 201, 429, 503].includes(o.status))).toEqual([]);
  const unavailable = outcomes.filter((o) => o.status === 503);
  expect(unavailable.length).toBeGreaterThan(0);
  expect(unavailable.every((o) => o.retryAfter === "2")).toBe(true);

  // Recovered without restarting the function: a new member votes and comments at once.
  const newcomer = await createMember({ lastName: "after-restart" });
  expect((await api("POST", `/api/posts/${postId}/vote`, { token: newcomer.token, json: { voteType: "up" } })).status).toBe(200);
  expect((await api("POST", `/api/posts/${postId}/comments`, { token: newcomer.token, json: { content: "After the restart" } })).status)
    .toBe(201);

  // Every acknowledged write is there, and the counters match the votes.
  const owner = postgres(testEnv.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const comments = await owner<{ content: string }[]>`select content from public.comments where post_id = ${postId}`;
    expect(comments.map((c) => c.content)).toEqual(expect.arrayContaining([...acknowledgedComments, "After the restart"]));
    const votes = await owner<{ user_id: string; vote: number }[]>`select user_id, vote from public.post_votes where post_id = ${postId}`;
    const stored = new Map(votes.map((v) => [v.user_id, v.vote === 1 ? "up" : "down"]));
    for (const [userId, last] of lastVote) {
      // A vote answered 503 may or may not have been applied; an acknowledged one must be.
      if (last.acknowledged) expect(stored.get(userId) ?? "none").toBe(last.voteType);
    }
    const [counters] = await owner<{ upvotes: number; downvotes: number }[]>`
      select upvotes, downvotes from private.post_cards where post_id = ${postId}`;
    expect(counters).toEqual({
      upvotes: votes.filter((v) => v.vote === 1).length,
      downvotes: votes.filter((v) => v.vote === -1).length,
    });
  } finally {
    await owner.end();
  }
}, 120_000);
