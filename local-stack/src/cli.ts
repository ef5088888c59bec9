/**
 * `npm start`, `npm run reset`, `npm run --silent stack:env` and
 * `npm run grant-admin -- <email>`: the local stack's commands.
 */
import postgres from "postgres";
import { databaseUrl, defaultDataDir, mailUrl, ports, siteUrl, sourcesJobSecret, supabaseUrl, testSiteHost } from "./config.ts";
import { loadKeys } from "./keys.ts";
import { startStack } from "./index.ts";

const dataDir = process.env.LOCAL_STACK_DATA_DIR ?? defaultDataDir;
const timestamp = () => new Date().toTimeString().slice(0, 8);
const log = (line: string) => console.log(`${timestamp()} ${line}`);

async function start(): Promise<void> {
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

  const stack = await startStack({ dataDir, watch: true, log });
  running.stop = stack.stop;
  console.log(`
  The Community Archive runs locally.

    site          ${siteUrl}
    API           ${siteUrl}/api/posts
    Supabase URL  ${supabaseUrl}
    database      ${databaseUrl}
    mail          ${mailUrl}   (every e-mail Auth sends, as Mailpit under supabase start)

  Demo accounts (local only), password archive-demo:
    admin@example.com       (admin)
    moderator@example.com   (moderator)
    member@example.com

  Ctrl-C stops everything.
`);
}

async function reset(): Promise<void> {
  const stack = await startStack({ dataDir, fresh: true, services: false, log });
  await stack.stop();
  log("the local database was wiped, migrated and seeded");
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
const commands: Record<string, () => Promise<void>> = {
  start,
  reset,
  env,
  "grant-admin": () => grantAdmin(args[0]),
};
const run = command ? commands[command] : undefined;
if (!run) {
  console.error(`usage: tsx local-stack/src/cli.ts <${Object.keys(commands).join("|")}>`);
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
