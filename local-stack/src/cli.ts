/**
 * `npm start`, `npm run reset`, `npm run --silent stack:env` and
 * `npm run grant-admin -- <email>`: the local stack's commands (`--help`).
 */
import postgres from "postgres";
import {
  databaseUrl,
  defaultDataDir,
  emailFromAddress,
  emailTokenSecret,
  mailUrl,
  ports,
  resendWebhookSecret,
  siteUrl,
  sourcesJobSecret,
  supabaseUrl,
  testSiteHost,
} from "./config.ts";
import { loadKeys } from "./keys.ts";
import { startStack } from "./index.ts";
import { resendStandInKey } from "./resend/server.ts";

const dataDir = process.env.LOCAL_STACK_DATA_DIR ?? defaultDataDir;
const timestamp = () => new Date().toTimeString().slice(0, 8);
const log = (line: string) => console.log(`${timestamp()} ${line}`);

const usage = `usage:
  npm start [-- --empty]           the whole product on this machine (site, Supabase stand-in, Postgres)
  npm run reset [-- --empty]       wipes the local data, migrates, and seeds the demo data again
  npm run --silent stack:env       the stack's URLs and keys, as KEY=value lines
  npm run grant-admin -- <email>   grants the admin role to an existing account

  --empty   migrate without seeding: an empty archive, the target of \`npm run restore\`
            (npm start: only a new data folder starts empty; an existing database is kept
            as it is. npm run reset -- --empty: wipes it first)

  LOCAL_STACK_PORT_OFFSET moves every port (a second stack beside the first), and
  LOCAL_STACK_DATA_DIR names its data folder (default .local/data). For example, an
  empty stack to restore a backup into, beside \`npm start\`:
    LOCAL_STACK_PORT_OFFSET=500 LOCAL_STACK_DATA_DIR=/tmp/restored npm start -- --empty
    LOCAL_STACK_PORT_OFFSET=500 LOCAL_STACK_DATA_DIR=/tmp/restored npm run restore -- backups/archive-backup-….tar.gz.age`;

async function start(empty: boolean): Promise<void> {
  // Filled in once the stack runs; a signal before that exits at once.
  const running: { stop?: () => Promise<void> } = {};
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    // One Ctrl-C can arrive twice: from the terminal to the whole process
    // group, and relayed by tsx's parent process. Only a later one forces.
    if (firstSignalAt && Date.now() - firstSignalAt < 1000) return;
    const repeated = firstSignalAt !== 0;
    firstSignalAt = Date.now();
    if (repeated || !running.stop) {
      // Not started yet, or a second Ctrl-C: exit now; the exit hooks kill what is still running.
      console.log(`\n${signal}: stopping at once`);
      process.exit(130);
    }
    console.log(`\n${signal}: stopping the local stack (Ctrl-C again to force)`);
    void running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal);

  const stack = await startStack({ dataDir, watch: true, seed: !empty, log });
  running.stop = stack.stop;
  if (empty) await warnIfNotEmpty();
  console.log(`
  The Community Archive runs locally.

    site          ${siteUrl}
    API           ${siteUrl}/api/posts
    Supabase URL  ${supabaseUrl}
    database      ${databaseUrl}
    mail          ${mailUrl}   (every e-mail Auth and the notifications send, as Mailpit under supabase start)

${
    empty
      ? `  Started with --empty: a new data folder holds no demo data, ready for
  \`npm run restore -- <backup>\` (with the same LOCAL_STACK_PORT_OFFSET).`
      : `  Demo accounts (local only), password archive-demo:
    admin@example.com       (admin)
    moderator@example.com   (moderator)
    member@example.com`
  }

  Ctrl-C stops everything.
`);
}

async function reset(empty: boolean): Promise<void> {
  const stack = await startStack({ dataDir, fresh: true, services: false, seed: !empty, log });
  await stack.stop();
  log(empty ? "the local database was wiped and migrated; it is empty" : "the local database was wiped, migrated and seeded");
}

/** `npm start -- --empty` on a data folder that already held an archive keeps it: say so. */
async function warnIfNotEmpty(): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [{ posts }] = await sql<{ posts: number }[]>`select count(*)::int as posts from public.posts`;
    if (posts > 0) {
      log(`--empty: this data folder already held a database, kept as it was (${posts} posts); \`npm run reset -- --empty\` wipes it`);
    }
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/** KEY=value lines only, so `npm run --silent stack:env` can be sourced or parsed. */
async function env(): Promise<void> {
  const keys = await loadKeys(dataDir);
  process.stdout.write(
    [
      `SUPABASE_URL=${supabaseUrl}`,
      `SUPABASE_ANON_KEY=${keys.anonKey}`,
      `SUPABASE_SERVICE_ROLE_KEY=${keys.serviceRoleKey}`,
      `SUPABASE_PUBLISHABLE_KEY=${keys.publishableKey}`,
      `SUPABASE_SECRET_KEY=${keys.secretKey}`,
      `MAILPIT_URL=${mailUrl}`,
      `DATABASE_URL=${databaseUrl}`,
      `SITE_URL=${siteUrl}`,
      `SOURCES_JOB_SECRET=${sourcesJobSecret}`,
      `WAYBACK_STAND_IN_URL=http://127.0.0.1:${ports.wayback}`,
      `SOURCES_TEST_SITE=${testSiteHost}:${ports.testSite}`,
      `RESEND_STAND_IN_URL=http://127.0.0.1:${ports.resend}`,
      `RESEND_API_KEY=${resendStandInKey}`,
      // The address alone (the name has spaces): the tests tell the archive's e-mails from Auth's by it.
      `EMAIL_FROM_ADDRESS=${emailFromAddress}`,
      `EMAIL_TOKEN_SECRET=${emailTokenSecret}`,
      `RESEND_WEBHOOK_SECRET=${resendWebhookSecret}`,
    ].join("\n") + "\n",
  );
}

async function grantAdmin(email: string | undefined): Promise<void> {
  if (!email) throw new Error("usage: npm run grant-admin -- someone@example.com");
  const sql = postgres(process.env.DATABASE_URL ?? databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [user] = await sql<{ id: string }[]>`select id from auth.users where lower(email) = lower(${email})`.catch((error: Error) => {
      throw new Error(`cannot reach the database (${error.message}): is \`npm start\` running?`);
    });
    if (!user) throw new Error(`no account with the e-mail ${email}: sign up first`);
    await sql`insert into public.user_roles (user_id, role) values (${user.id}, 'admin') on conflict do nothing`;
    console.log(`${email} is an admin`);
  } finally {
    await sql.end({ timeout: 2 });
  }
}

const [command, ...args] = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h") || command === "--help" || command === "help") {
  console.log(usage);
  process.exit(0);
}
/** The options of start and reset: --empty, nothing else. */
function emptyFlag(): boolean {
  const unknown = args.filter((arg) => arg !== "--empty");
  if (unknown.length) {
    console.error(`unknown argument ${unknown[0]}\n\n${usage}`);
    process.exit(2);
  }
  return args.includes("--empty");
}
const commands: Record<string, () => Promise<void>> = {
  start: () => start(emptyFlag()),
  reset: () => reset(emptyFlag()),
  env,
  "grant-admin": () => grantAdmin(args[0]),
};
const run = command ? commands[command] : undefined;
if (!run) {
  console.error(usage);
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
