/**
 * `npm run seed:large [-- --scale 0.2] [-- --force]`: fills the database at
 * DATABASE_URL (default: the local stack) with a large archive for
 * performance work: scripts/seed-large.sql, one transaction, step by step,
 * then VACUUM ANALYZE. Scale 1 is 100,000 approved posts, 1,000 pending,
 * 10,000 users, 1,000,000 post votes, 300,000 comments (a third replies) and
 * 200,000 comment votes; other scales multiply every figure.
 *
 * Refuses when a large seed already ran on that database, unless --force
 * (which adds another full set beside it).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const databaseUrl = process.env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:54322/postgres";

function parseArgs(argv: string[]): { scale: number; force: boolean } {
  let scale = 1;
  let force = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--force") force = true;
    else if (arg === "--scale" || arg.startsWith("--scale=")) {
      const value = arg.includes("=") ? arg.slice("--scale=".length) : argv[(i += 1)];
      scale = Number(value);
      if (!Number.isFinite(scale) || scale <= 0 || scale > 10) {
        throw new Error(`--scale must be a number above 0 and at most 10 (got ${value}).`);
      }
    } else if (arg === "--help" || arg === "-h") {
      console.log("usage: npm run seed:large -- [--scale 1] [--force]   (DATABASE_URL, default the local stack)");
      process.exit(0);
    } else {
      throw new Error(`unknown argument ${arg} (try --help)`);
    }
  }
  return { scale, force };
}

/** The SQL file cut at its `-- step: name` lines. */
function steps(): { name: string; sql: string }[] {
  const text = readFileSync(path.join(root, "scripts", "seed-large.sql"), "utf8");
  const parts = text.split(/^-- step: (.+)$/m);
  const result: { name: string; sql: string }[] = [];
  for (let i = 1; i < parts.length; i += 2) result.push({ name: parts[i].trim(), sql: parts[i + 1] });
  return result;
}

const seconds = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const { scale, force } = parseArgs(process.argv.slice(2));
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10, idle_timeout: 5 });
  try {
    const [previous] = await sql<{ n: number }[]>`
      select count(*)::int as n from auth.users where email like 'large-%@seed.invalid'`.catch((error: Error) => {
      throw new Error(`cannot reach the database at ${databaseUrl} (${error.message}): is the stack running?`);
    });
    if (previous.n > 0 && !force) {
      console.error(
        `seed:large already ran on this database (${previous.n} large-seed users found). ` +
          "Nothing was changed. Use `npm run seed:large -- --force` to add another set, or `npm run reset` to start over.",
      );
      process.exitCode = 1;
      return;
    }

    const run = Date.now().toString(36);
    console.log(`seed:large at scale ${scale} on ${databaseUrl.replace(/:[^:@/]*@/, ":***@")}`);
    const total = performance.now();
    await sql.begin(async (tx) => {
      await tx`select set_config('seed.scale', ${String(scale)}, true), set_config('seed.run', ${run}, true)`;
      await tx`set local statement_timeout = 0`;
      await tx`set local work_mem = '256MB'`;
      await tx`set local maintenance_work_mem = '512MB'`;
      for (const step of steps()) {
        const start = performance.now();
        await tx.unsafe(step.sql);
        console.log(`  ${step.name.padEnd(40)} ${seconds(start)}`);
      }
    });
    const start = performance.now();
    // The ready JSON too: built in bulk after the inserts, its statistics would otherwise say what the
    // demo seed left (36 cards for 20,236 posts), until autovacuum came by; a generic plan made meanwhile
    // (Home's, kept for the session) joined today's posts to every card: 20,204 read for 21.
    await sql`vacuum (analyze) auth.users, public.profiles, public.posts, public.post_media, public.comments, public.post_votes,
      public.comment_votes, private.post_scores, private.post_cards, private.comment_cards`;
    console.log(`  ${"vacuum analyze".padEnd(40)} ${seconds(start)}`);

    const [counts] = await sql<Record<string, number>[]>`
      select
        (select count(*)::int from public.posts where status = 'approved') as approved_posts,
        (select count(*)::int from public.posts where status = 'pending') as pending_posts,
        (select count(*)::int from auth.users) as users,
        (select count(*)::int from public.post_votes) as post_votes,
        (select count(*)::int from public.comments) as comments,
        (select count(*)::int from public.comments where parent_id is not null) as replies,
        (select count(*)::int from public.comment_votes) as comment_votes`;
    console.log(`done in ${seconds(total)}; the database now holds:`);
    for (const [name, value] of Object.entries(counts)) console.log(`  ${name.padEnd(16)} ${value.toLocaleString("en-US")}`);
  } finally {
    await sql.end();
  }
}

main().catch((error: Error) => {
  console.error(`seed:large failed: ${error.message}`);
  process.exitCode = 1;
});
