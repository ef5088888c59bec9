/**
 * `npm run bench`: concurrent load on the api function of a running stack
 * (the local one by default, with `npm run seed:large` data), each call
 * compared with one of two floors measured beside it (/api/health, a route
 * of the same function that touches no database, for reads answered from
 * memory; /api/health/db, one `select 1` as `anon` through the same pool, for
 * reads Postgres builds) and checked against its target (bench/targets.ts):
 * every read as a visitor, as a cache miss and signed in; a vote; a new
 * comment; then the visitor and signed-in reads again while a write storm
 * (votes and comments from --writers members at once) runs in the background.
 * Writes the table to bench/results/latest.md.
 *
 * `npm run bench -- --growth [--scales 0.1,1,3]`: the read rows on archives of
 * each size instead (bench/growth.ts), written to bench/results/growth-latest.md;
 * each archive on a stack of its own (ports from offset 200, or
 * --growth-offset, then a hundred apart; data under
 * .local/growth, removed afterwards), so the usual stack and its data stay.
 *
 * Also samples the Postgres connections the function holds, which must stay
 * within DB_POOL_SIZE + 1 (its pool and LISTEN; exit code 1 otherwise).
 *
 * Options: --duration <s> (10), --connections <n> (10), --writers <n> (20),
 * --only <regex> (measure only the rows whose name matches, for a quick look;
 * such a run is not written to bench/results). Environment: SUPABASE_URL,
 * DATABASE_URL (defaults: the local stack), DB_POOL_SIZE (10, as the function's).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { bestOfPasses, growthTable, type GrowthRun } from "./growth.ts";
import { postsWithWrongVoteCounters, sampleInputs } from "./inputs.ts";
import { type Load, measure, type Row, warmUp } from "./measure.ts";
import { deleteBenchComments, deleteBenchVotes, signedInMembers } from "./members.ts";
import { watchFunctionConnections } from "./pool-watch.ts";
import { resultsTable, summary } from "./report.ts";
import { approveScenario, commentScenario, type FloorName, floors, followedCommentScenario, readScenarios, type Scenario, voteScenario } from "./scenarios.ts";
import { makeReviewerAdmin, prepareFollowedWrites, removeFollowedWrites } from "./followers.ts";
import { urlsAt } from "../local-stack/src/config.ts";
import { apiAnswers, resetDatabase, seedLarge, startStack } from "./stack.ts";
import { growthAllowed, targetsText } from "./targets.ts";
import { startWriteStorm, type StormStats } from "./write-storm.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    writers: { type: "string", default: "20" },
    only: { type: "string" },
    growth: { type: "boolean", default: false },
    scales: { type: "string", default: "0.1,1,3" },
    "growth-offset": { type: "string", default: "200" },
  },
});
const supabaseUrl = (process.env.SUPABASE_URL ?? "http://127.0.0.1:54321").replace(/\/$/, "");
const databaseUrl = process.env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:54322/postgres";
const load: Load = { apiBase: `${supabaseUrl}/functions/v1/api`, connections: Number(args.connections), duration: Number(args.duration) };
const writers = Number(args.writers);
const only = args.only ? new RegExp(args.only) : undefined;
const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");
/** The growth mode's archives, one data folder each, removed when it ends. */
const growthDataRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ".local", "growth");
const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);
const host = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), ${os.hostname()}`;

/**
 * Members per pool. A commenter comments once per run (1 a minute each), so the comment row
 * stops early if they run out; a voter votes at most 30 times in a row (30 a minute each), so the
 * vote row stops at 45,000 votes, more than a 10 s row reached on this host (20,700); the storm's
 * voters allow 2,000 votes a second, more than its writers reached (804, idle 18 % of the time with 2,000 voters).
 */
const poolSizes = { reader: 200, voter: 1500, commenter: 4000, stormVoter: 4000, stormCommenter: 600, threadCommenter: 1000 };
/** Pending posts the approve row may approve, more than a 10 s row reached on this host. */
const approvablePosts = 1500;
/** The threads the followed comment row comments on, each with 1,000 followers. */
const followedThreads = 10;

const selected = (scenario: Scenario) => !only || scenario.kind === "floor" || only.test(scenario.name);

/** How long each floor is measured beside each row. */
const floorBesideSeconds = 3;

/** Both floors, at the start or at the end of a phase. */
const bothFloors = [floors.memory, floors.database];

/**
 * The rows in turn, each with both floors measured just before it (the next
 * row's serve as the ones after): the host's pace drifts within a run, by
 * half in some (3,305 and 5,162 req/s at the start and end of one phase), and
 * a row is compared with the floors of its own minutes. A phase starts with
 * both floors, which serve as the first row's "before".
 */
async function measureAll(scenarios: Scenario[], duringWrites = false): Promise<Row[]> {
  const rows: Row[] = [];
  const paceFloor = async (floor: FloorName) => (await measure(floors[floor], load, duringWrites, floorBesideSeconds)).rps;
  const paceFloors = async () => ({ memory: await paceFloor("memory"), database: await paceFloor("database") });
  const floorsBefore: Record<FloorName, number> = { memory: 0, database: 0 };
  for (const scenario of scenarios.filter(selected)) {
    process.stdout.write(`  ${scenario.name}${duringWrites ? " during writes" : ""} … `);
    const row = await measure(scenario, load, duringWrites);
    if (scenario.floor) {
      floorsBefore[scenario.floor] = row.rps;
    } else {
      const floorsAfter = await paceFloors();
      row.floorsBeside = {
        memory: Math.max(floorsBefore.memory, floorsAfter.memory),
        database: Math.max(floorsBefore.database, floorsAfter.database),
      };
      Object.assign(floorsBefore, floorsAfter);
    }
    rows.push(row);
    const beside = row.floorsBeside && ` (floors beside it ${Math.round(row.floorsBeside.memory)} and ${Math.round(row.floorsBeside.database)} req/s)`;
    console.log(`${Math.round(row.rps)} req/s, p99 ${row.p99} ms${row.failures ? `, ${row.failures} failed` : ""}${beside ?? ""}`);
  }
  return rows;
}

function write(file: string, report: string): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, file), report);
  console.log(`\n${report}\nwritten to bench/results/${file}`);
}

async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  process.stdout.write(`  ${what} … `);
  const result = await work();
  console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function fullRun(): Promise<void> {
  const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} });
  const inputs = await sampleInputs(sql);
  console.log(`${inputs.approved} approved posts; ${load.connections} connections, ${load.duration} s per call; ${host}`);
  await deleteBenchComments(sql);
  await timed("deleting earlier runs' bench votes", () => deleteBenchVotes(sql));
  const members = await timed("signing in bench members", async () => ({
    readers: await signedInMembers(sql, supabaseUrl, "reader", poolSizes.reader),
    voters: await signedInMembers(sql, supabaseUrl, "voter", poolSizes.voter),
    commenters: await signedInMembers(sql, supabaseUrl, "commenter", poolSizes.commenter),
    stormVoters: await signedInMembers(sql, supabaseUrl, "storm-voter", poolSizes.stormVoter),
    stormCommenters: await signedInMembers(sql, supabaseUrl, "storm-commenter", poolSizes.stormCommenter),
    threadCommenters: await signedInMembers(sql, supabaseUrl, "thread-commenter", poolSizes.threadCommenter),
    reviewer: (await signedInMembers(sql, supabaseUrl, "reviewer", 1))[0],
  }));
  await makeReviewerAdmin(sql);
  const followed = await timed("following threads and a tag with 1,000 members each", () =>
    prepareFollowedWrites(sql, inputs.writePostIds.slice(0, followedThreads), approvablePosts));

  const reads = readScenarios(inputs, members.readers);
  await timed("warm-up", () => warmUp([...bothFloors, ...reads.filter((s) => s.kind === "read")], load));
  const connectionWatch = watchFunctionConnections(sql);

  // Both floors at the start and at the end of each phase, for the table; each row is compared with its floor beside it.
  const rows = await measureAll([
    ...bothFloors, ...reads, voteScenario(inputs, members.voters), commentScenario(inputs, members.commenters),
    followedCommentScenario(followed.threadIds, members.threadCommenters), approveScenario(followed.pendingPostIds, members.reviewer),
    ...bothFloors,
  ]);
  const followersTold = await removeFollowedWrites(sql, followed);
  const commentRow = rows.find((r) => r.kind === "comment");

  let storm: StormStats | undefined;
  const duringWrites = reads.filter((s) => s.kind !== "cache miss");
  if (duringWrites.some(selected)) {
    const writeStorm = startWriteStorm({
      apiBase: load.apiBase,
      writers,
      voterTokens: members.stormVoters.map((m) => m.token),
      commenterTokens: members.stormCommenters.map((m) => m.token),
      postIds: inputs.writePostIds,
    });
    // The storm's first seconds: its members' first comments all at once, not the steady state.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    rows.push(...await measureAll([...bothFloors, ...duringWrites, ...bothFloors], true));
    storm = await writeStorm.stop();
  }

  const mostConnections = connectionWatch.stop();
  const wrongCounters = await postsWithWrongVoteCounters(sql, inputs.writePostIds);
  const votesExact = wrongCounters === 0;
  const benchComments = await deleteBenchComments(sql);
  const benchVotes = await timed("deleting the bench votes", () => deleteBenchVotes(sql));
  await sql.end();
  const connectionsWithin = mostConnections <= poolSize + 1;
  if (!connectionsWithin) process.exitCode = 1;

  const report = `# Benchmark ${new Date().toISOString()}

${inputs.approved} approved posts; ${load.connections} connections for ${load.duration} s per call after a 1 s warm-up per visitor read; host: ${host}.
${targetsText}
Rows without a note are visitors' reads, answered from the function's memory until Postgres reports a change (supabase/functions/api/read-cache/);
"cache miss" rows give each request a new address, so each one is built by Postgres; "signed in" rows rotate over ${poolSizes.reader} members' tokens.
Two floors: ${floors.memory.name.replace("floor: ", "")} touches no database, and a visitor's read (from memory) is compared with it; ${floors.database.name.replace("floor: ", "")} makes one \`select 1\` as \`anon\` through the pool and place in line a read takes, and a read Postgres builds (cache miss, signed in) is compared with it ("compared with"). Both are measured for ${load.duration} s at the start and at the end of each phase, and for ${floorBesideSeconds} s each between rows, since the host's pace drifts within a run; "vs floor" compares a row with the better of its floor's two measurements just before and after it, under the same load (for rows during writes, with the writers running: they share the host's cores); "vs quiet floor" with that floor's best quiet measurement of the run.
The vote row rotates over ${poolSizes.voter} members (at most 30 votes a minute each); the comment row gives each of ${poolSizes.commenter} members one comment${commentRow ? ` (${commentRow.requests} comments in ${commentRow.seconds.toFixed(1)} s)` : ""}.
The rows "with 1,000 followers": each of ${poolSizes.threadCommenter} other members comments once on one of ${followedThreads} threads each followed by 1,000 members, and an admin approves pending posts whose tag 1,000 members follow; the followers are told by the e-mail jobs (every minute), not in the request: ${followersTold} followers' notifications were written while the rows ran, and they, the follows and the approved posts were removed afterwards.
${storm ? `"during writes" rows ran while ${writers} members at once voted and commented without pause in another process (rotating over ${poolSizes.stormVoter} voters and ${poolSizes.stormCommenter} commenters, within the product's limits): ${storm.votes} votes (${Math.round(storm.votes / storm.seconds)}/s, p99 ${storm.voteP99} ms) and ${storm.comments} comments (p99 ${storm.commentP99} ms) in ${storm.seconds.toFixed(0)} s, ${storm.failures} failed (${storm.tooManyRequests} of them 429); writers idle for want of voters: ${Math.round(storm.idleWriterSeconds / writers / storm.seconds * 100)} % of the time.` : "No write storm in this run."}
Vote counters exact afterwards (${inputs.writePostIds.length} posts voted on): ${votesExact ? "yes" : `NO (${wrongCounters} posts wrong)`}. The ${benchComments} bench comments and ${benchVotes} bench votes were deleted afterwards, so runs measure the same archive.
Connections the api function held (pg_stat_activity, application_name api*): at most ${mostConnections}; limit DB_POOL_SIZE + 1 = ${poolSize + 1}: ${connectionsWithin ? "yes" : "NO"}.

${resultsTable(rows, votesExact)}

${summary(rows, votesExact)}
`;
  if (only) console.log(`\n${report}\n(--only: not written to bench/results)`);
  else write("latest.md", report);
}

/** One archive of the growth run: its own stack, data folder and read rows. */
interface GrowthArchive {
  scale: number;
  dataDir: string;
  stop: () => Promise<void>;
  load: Load;
  approved: number;
  seedSeconds: number;
  scenarios: Scenario[];
}

/** Beside `npm start` (offset 0) and `npm test` (100): 200, 300, … one per archive (--growth-offset moves them past other stacks). */
const growthPortOffset = (archive: number) => Number(args["growth-offset"]) + 100 * archive;

/**
 * Every archive at once, each on a stack of its own, and each row measured on
 * every archive in turn, twice (smallest first, then largest first): the
 * host's pace drifts by half within minutes, so archives measured one after
 * the other (as this mode did until 2026-11-26) compared the host's minutes
 * as much as the archives. Reads from memory, which never touch Postgres,
 * "grew" by up to +171 % that way.
 */
async function growthRun(): Promise<void> {
  const scales = args.scales.split(",").map(Number);
  const archives: GrowthArchive[] = [];
  let runs: GrowthRun[];
  try {
    for (const [i, scale] of scales.entries()) {
      const { supabaseUrl: stackUrl, databaseUrl: stackDatabaseUrl } = urlsAt(growthPortOffset(i));
      const apiBase = `${stackUrl}/functions/v1/api`;
      if (await apiAnswers(apiBase)) throw new Error(`a stack already answers at ${stackUrl} (left by an interrupted growth run?): stop it first.`);
      const dataDir = path.join(growthDataRoot, String(scale));
      // Its own URLs too, in place of any the shell exported for the usual stack.
      const env = {
        LOCAL_STACK_PORT_OFFSET: String(growthPortOffset(i)),
        LOCAL_STACK_DATA_DIR: dataDir,
        SUPABASE_URL: stackUrl,
        DATABASE_URL: stackDatabaseUrl,
      };
      console.log(`\narchive at scale ${scale}, on its own stack at ${stackUrl}: npm run reset, npm start, npm run seed:large -- --scale ${scale}`);
      resetDatabase(env);
      const stack = await startStack(env);
      const archive: GrowthArchive = { scale, dataDir, stop: stack.stop, load: { ...load, apiBase }, approved: 0, seedSeconds: 0, scenarios: [] };
      archives.push(archive);
      archive.seedSeconds = seedLarge(scale, env);
      const sql = postgres(stackDatabaseUrl, { max: 2, onnotice: () => {} });
      const inputs = await sampleInputs(sql);
      const readers = await signedInMembers(sql, stackUrl, "reader", poolSizes.reader);
      await sql.end();
      archive.approved = inputs.approved;
      archive.scenarios = [...bothFloors, ...readScenarios(inputs, readers)].filter(selected);
    }
    // Every kind, misses and members too: a first pass started on cold plans and code paths (p99 368 ms for its first miss).
    for (const archive of archives) await warmUp(archive.scenarios, archive.load);

    const passes = archives.map((): Row[][] => [[], []]);
    for (const pass of [0, 1]) {
      console.log(`\npass ${pass + 1} of 2, each row on ${pass === 0 ? "the smallest archive first" : "the largest archive first"}`);
      const order = pass === 0 ? archives : [...archives].reverse();
      for (const [r, scenario] of archives[0].scenarios.entries()) {
        process.stdout.write(`  ${scenario.name.replace(/\/posts\/\d+/, "/posts/{busiest}")}: `);
        for (const archive of order) {
          const row = await measure(archive.scenarios[r], archive.load);
          passes[archives.indexOf(archive)][pass][r] = row;
          process.stdout.write(`${Math.round(archive.approved / 1000)}k ${Math.round(row.rps)} req/s p99 ${row.p99} ms${row.failures ? ` (${row.failures} failed)` : ""}; `);
        }
        console.log();
      }
    }
    runs = archives.map((archive, a) => ({
      scale: archive.scale,
      approved: archive.approved,
      seedSeconds: archive.seedSeconds,
      rows: bestOfPasses(passes[a]),
    }));
  } finally {
    for (const archive of archives) {
      await archive.stop();
      rmSync(archive.dataDir, { recursive: true, force: true });
    }
  }
  const report = `# Growth ${new Date().toISOString()}

The read rows of \`npm run bench\` on archives of ${runs.map((r) => r.approved).join(", ")} approved posts (\`seed:large --scale ${scales.join(" | ")}\`,
each on a stack of its own, its database just wiped by \`npm run reset\`); ${load.connections} connections for ${load.duration} s per call; host: ${host}.
All archives ran at once: each row was measured on every archive in turn, in two passes (smallest archive first, then largest first); each shows its lower p99 of the two.
Target: p99 at most +${growthAllowed * 100} % from the smallest archive to the largest (a read costs in its page's size, not the archive's).
The last row is how long seeding each archive took.

${growthTable(runs)}
`;
  if (only) console.log(`\n${report}\n(--only: not written to bench/results)`);
  else write("growth-latest.md", report);
}

await (args.growth ? growthRun() : fullRun());
