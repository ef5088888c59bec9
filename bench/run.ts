/**
 * `npm run bench`: concurrent load on the api function of a running stack
 * (the local one by default, with `npm run seed:large` data), compared with a
 * floor: /api/health, a route of the same function that touches no database.
 * Prints requests per second, p50 and p99 latency and the ratio to the floor
 * for each call, checks the read and vote targets, and writes the table to
 * bench/results/.
 *
 * Also samples the Postgres connections the function holds, which must stay
 * within DB_POOL_SIZE + 1 (its pool and LISTEN; exit code 1 otherwise).
 *
 * Options: --duration <s> (10), --connections <n> (10). Environment:
 * SUPABASE_URL, DATABASE_URL (defaults: the local stack), DB_POOL_SIZE (10, as the function's).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const supabaseUrl = (process.env.SUPABASE_URL ?? "http://127.0.0.1:54321").replace(/\/$/, "");
const databaseUrl = process.env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:54322/postgres";
const apiBase = `${supabaseUrl}/functions/v1/api`;
const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");

const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} });

/** The API's opaque cursor (supabase/functions/_shared/cursor.ts): base64url of [key, id]. */
const cursorOf = (key: string, id: string | number) => Buffer.from(JSON.stringify([key, Number(id)])).toString("base64url");

interface Scenario {
  name: string;
  path: string;
  /**
   * "read": a visitor's read (the read targets); "uncached read": the same, built by Postgres each time;
   * "member read": a signed-in read (the visitor's answer plus the user's votes).
   */
  kind: "floor" | "read" | "uncached read" | "member read" | "vote";
  setup?: () => autocannon.Options["requests"];
}

async function sampleInputs() {
  const [{ approved }] = await sql<{ approved: number }[]>`
    select count(*)::int as approved from public.posts where status = 'approved'`;
  const [busiest] = await sql<{ id: string }[]>`
    select id from public.posts where status = 'approved' order by comment_count desc, id limit 1`;
  const [deep] = await sql<{ key: string; id: string }[]>`
    select sort_date::text as key, id from public.posts where status = 'approved'
    order by sort_date desc, id desc offset ${Math.min(5000, Math.max(0, approved - 1))} limit 1`;
  const tags = await sql<{ tag: string }[]>`
    select tag from (select unnest(tags) as tag from public.posts where status = 'approved' limit 20000) t
    group by tag order by count(*) desc limit 2`;
  const [word] = await sql<{ word: string }[]>`
    select lower(split_part(title, ' ', 1)) as word from public.posts
    where status = 'approved' and split_part(title, ' ', 1) ~ '^[A-Za-z]{4,}$' order by id limit 1`;
  const posts = await sql<{ id: string }[]>`
    select id from public.posts where status = 'approved' order by id desc limit 2000`;
  return {
    approved,
    busiestPostId: busiest.id,
    deepCursor: cursorOf(deep.key, deep.id),
    twoTags: tags.map((t) => t.tag).join(","),
    searchWord: word?.word ?? "alex",
    votePostIds: posts.map((p) => Number(p.id)),
  };
}

/**
 * Voters: the vote rate limit is per user (30 a minute), so the load is spread
 * over many accounts. They get a cheap bcrypt cost (4) so signing them in is
 * quick; they are benchmark accounts, not people.
 */
async function voterTokens(count: number): Promise<string[]> {
  const anonKey = process.env.SUPABASE_ANON_KEY ?? (await localAnonKey());
  await sql`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated',
           'bench-voter-' || n || '@bench.example.com', extensions.crypt('bench-password', extensions.gen_salt('bf', 4)),
           now(), '{"provider":"email","providers":["email"]}', jsonb_build_object('first_name', 'Bench', 'last_name', 'Voter ' || n, 'adult_confirmed', true),
           now(), now()
    from generate_series(1, ${count}) n
    where not exists (select 1 from auth.users u where u.email = 'bench-voter-' || n || '@bench.example.com')`;
  const tokens: string[] = [];
  for (let start = 1; start <= count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start + 1) }, (_, i) => start + i);
    tokens.push(...await Promise.all(batch.map(async (n) => {
      const res = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
        method: "POST",
        // Each voter is a client of its own: Auth limits sign-ins per client address.
        headers: { apikey: anonKey, "content-type": "application/json", "x-forwarded-for": `198.19.${n >> 8}.${n & 255}` },
        body: JSON.stringify({ email: `bench-voter-${n}@bench.example.com`, password: "bench-password" }),
      });
      if (!res.ok) throw new Error(`sign-in of bench voter ${n} failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    })));
  }
  return tokens;
}

async function localAnonKey(): Promise<string> {
  const { execFileSync } = await import("node:child_process");
  const env = execFileSync("npx", ["tsx", "local-stack/src/cli.ts", "env"], { encoding: "utf8" });
  const line = env.split("\n").find((l) => l.startsWith("SUPABASE_ANON_KEY="));
  if (!line) throw new Error("Set SUPABASE_ANON_KEY (npm run --silent stack:env prints it).");
  return line.slice("SUPABASE_ANON_KEY=".length);
}

interface Row {
  name: string;
  kind: Scenario["kind"];
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(scenario: Scenario): Promise<Row> {
  const result = await autocannon({
    url: `${apiBase}${scenario.path}`,
    connections,
    duration,
    requests: scenario.setup?.(),
  });
  return {
    name: scenario.name,
    kind: scenario.kind,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function votesAreExact(postIds: number[]): Promise<boolean> {
  const [{ wrong }] = await sql<{ wrong: number }[]>`
    select count(*)::int as wrong
    from public.posts p
    where p.id = any(${postIds})
      and (p.upvotes <> (select count(*) from public.post_votes v where v.post_id = p.id and v.vote = 1)
        or p.downvotes <> (select count(*) from public.post_votes v where v.post_id = p.id and v.vote = -1))`;
  return wrong === 0;
}

const inputs = await sampleInputs();
console.log(`${inputs.approved} approved posts; ${connections} connections, ${duration} s per call, ${os.cpus().length} cores`);
const tokens = await voterTokens(400);

let voteCounter = 0;
/** Signed-in reads rotate over the voters, so each carries a real token. */
const asMembers = (): autocannon.Options["requests"] => {
  let n = 0;
  return [{
    setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[n++ % tokens.length]}` } }),
  }];
};
let missCounter = 0;
/** Each request a new address (an ignored parameter), so none is answered from the read cache: Postgres's cost per read. */
const uncached = (): autocannon.Options["requests"] => [{
  setupRequest: (request) => ({
    ...request,
    path: `${request.path}${request.path?.includes("?") ? "&" : "?"}bench_miss=${missCounter++}`,
  }),
}];
const scenarios: Scenario[] = [
  { name: "floor: GET /api/health", path: "/health", kind: "floor" },
  { name: "GET /api/posts", path: "/posts", kind: "read" },
  { name: "GET /api/posts/all", path: "/posts/all", kind: "read" },
  { name: `GET /api/posts/all?search=${inputs.searchWord}`, path: `/posts/all?search=${inputs.searchWord}`, kind: "read" },
  {
    name: `GET /api/posts/all?tags=${inputs.twoTags}&sort=most_upvotes`,
    path: `/posts/all?tags=${encodeURIComponent(inputs.twoTags)}&sort=most_upvotes`,
    kind: "read",
  },
  { name: "GET /api/posts/all (page 5,000 posts deep)", path: `/posts/all?cursor=${inputs.deepCursor}`, kind: "read" },
  { name: "GET /api/timeline", path: "/timeline", kind: "read" },
  { name: `GET /api/posts/${inputs.busiestPostId}`, path: `/posts/${inputs.busiestPostId}`, kind: "read" },
  {
    name: `GET /api/posts/${inputs.busiestPostId}/comments?sort=top`,
    path: `/posts/${inputs.busiestPostId}/comments?sort=top`,
    kind: "read",
  },
  { name: "GET /api/posts (cache miss)", path: "/posts", kind: "uncached read", setup: uncached },
  { name: `GET /api/posts/all?search=${inputs.searchWord} (cache miss)`, path: `/posts/all?search=${inputs.searchWord}`, kind: "uncached read", setup: uncached },
  { name: `GET /api/posts/${inputs.busiestPostId} (cache miss)`, path: `/posts/${inputs.busiestPostId}`, kind: "uncached read", setup: uncached },
  {
    name: `GET /api/posts/${inputs.busiestPostId}/comments?sort=top (cache miss)`,
    path: `/posts/${inputs.busiestPostId}/comments?sort=top`,
    kind: "uncached read",
    setup: uncached,
  },
  { name: "GET /api/posts (signed in)", path: "/posts", kind: "member read", setup: asMembers },
  { name: "GET /api/posts/all (signed in)", path: "/posts/all", kind: "member read", setup: asMembers },
  {
    name: `GET /api/posts/${inputs.busiestPostId}/comments?sort=top (signed in)`,
    path: `/posts/${inputs.busiestPostId}/comments?sort=top`,
    kind: "member read",
    setup: asMembers,
  },
  {
    name: "POST /api/posts/{id}/vote (signed in)",
    path: "/posts/0/vote",
    kind: "vote",
    // Each request: the next voter, a post, and a vote that changes their last one.
    setup: () => [{
      method: "POST",
      setupRequest: (request) => {
        const n = voteCounter++;
        const token = tokens[n % tokens.length];
        const postId = inputs.votePostIds[Math.floor(n / tokens.length) % inputs.votePostIds.length];
        return {
          ...request,
          path: `/functions/v1/api/posts/${postId}/vote`,
          headers: { ...request.headers, authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ voteType: ["up", "down", "none"][n % 3] }),
        };
      },
    }],
  },
];

// Unrecorded: the first seconds of load after a start (JIT, connection pools, caches) are not the steady state.
process.stdout.write("  warm-up … ");
for (const scenario of scenarios.filter((s) => s.kind === "floor" || s.kind === "read")) {
  await autocannon({ url: `${apiBase}${scenario.path}`, connections, duration: 1, requests: scenario.setup?.() });
}
console.log("done");

// The connections the api function holds (its application_name starts with "api"), sampled through the run.
const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);
let mostConnections = 0;
const connectionSampler = setInterval(() => {
  void sql<{ count: number }[]>`select count(*)::int as count from pg_stat_activity where application_name like 'api%'`
    .then(([row]) => (mostConnections = Math.max(mostConnections, row.count)))
    .catch(() => {});
}, 250);

const rows: Row[] = [];
for (const scenario of scenarios) {
  process.stdout.write(`  ${scenario.name} … `);
  const row = await measure(scenario);
  rows.push(row);
  console.log(`${Math.round(row.rps)} req/s, p99 ${row.p99} ms`);
}
clearInterval(connectionSampler);
const exact = await votesAreExact(inputs.votePostIds);
await sql.end();
const connectionsWithin = mostConnections <= poolSize + 1;
if (!connectionsWithin) process.exitCode = 1;

const floor = rows.find((r) => r.kind === "floor")!;
const meets = (row: Row) => {
  if (row.kind === "floor") return "";
  const ok = row.kind === "vote"
    ? row.p99 <= 100 && row.non2xx === 0 && exact
    : row.kind === "member read" || row.kind === "uncached read"
    ? row.p99 <= 50 && row.non2xx === 0
    : row.p99 <= 50 && row.rps >= floor.rps / 3 && row.non2xx === 0;
  return ok ? "yes" : "NO";
};
const table = [
  "| call | req/s | p50 ms | p99 ms | vs floor | non-2xx | meets target |",
  "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
  ...rows.map((r) =>
    `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / floor.rps).toFixed(2)} | ${r.non2xx + r.errors} | ${meets(r)} |`
  ),
].join("\n");
const when = new Date().toISOString();
const report = `# Benchmark ${when}

${inputs.approved} approved posts; ${connections} connections for ${duration} s per call; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}).
Targets: reads p99 ≤ 50 ms and ≥ 1/3 of the floor's req/s; votes p99 ≤ 100 ms with counters exact afterwards.
Visitors' reads are answered from the function's memory until Postgres reports a change (supabase/functions/api/middleware/read-cache.ts);
"cache miss" rows give each request a new address, so each one is built by Postgres (target there: p99 ≤ 50 ms).
Signed-in reads are the visitor's answer with current vote counters and the user's own votes, from one query (supabase/functions/api/middleware/shared-read.ts).
Vote counters exact afterwards: ${exact ? "yes" : "NO"}.
Connections the api function held (pg_stat_activity, application_name api*): at most ${mostConnections}; limit DB_POOL_SIZE + 1 = ${poolSize + 1}: ${connectionsWithin ? "yes" : "NO"}.

${table}
`;
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, `${when.replace(/[:.]/g, "-")}.md`), report);
writeFileSync(path.join(resultsDir, "latest.md"), report);
console.log(`\n${report}`);
console.log(`written to bench/results/latest.md`);
