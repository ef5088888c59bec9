/**
 * `npm test`: unit tests (the SPA's and the api function's), then the local stack on a fresh data folder, then
 * a backup of it restored into an empty stack, the stack, database, API and end-to-end tests against it, then
 * the stack is stopped whatever happened.
 *
 * To run against another stack (for example `supabase start`), set
 * SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, DATABASE_URL
 * and SITE_URL; then nothing is started.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { fileURLToPath } from "node:url";
import { failuresFromReport } from "./test-failures.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a command with its output passed through; resolves to its exit code and the last lines it printed. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; tail: string[] }> {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, ...env } });
    let recent = "";
    const keep = (chunk: Buffer) => {
      recent = (recent + chunk.toString("utf8")).slice(-4000);
    };
    child.stdout.on("data", (chunk: Buffer) => (process.stdout.write(chunk), keep(chunk)));
    child.stderr.on("data", (chunk: Buffer) => (process.stderr.write(chunk), keep(chunk)));
    child.on("close", (code, signal) => {
      const lines = stripVTControlCharacters(recent).split("\n").filter((line) => line.trim() !== "");
      resolve({ code: code ?? (signal ? 1 : 0), tail: lines.slice(-12) });
    });
  });
}

const externalStack = ["SUPABASE_URL", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY", "DATABASE_URL", "SITE_URL"].every(
  (name) => process.env[name],
);

const failures: Array<{ name: string; lines: string[] }> = [];
const reportDir = path.join(root, ".local", "test-reports");
mkdirSync(reportDir, { recursive: true });
let reports = 0;
/** How long each step took, printed at the end: CI is kept under 30 minutes. */
const durations: Array<{ name: string; seconds: number }> = [];
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    durations.push({ name, seconds: (performance.now() - started) / 1000 });
  }
}
/** Runs one suite; a Vitest or Playwright run also writes a JSON report, read for the summary at the end. */
async function step(name: string, command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const runner = command === "npx" && (args[0] === "vitest" || args[0] === "playwright") ? args[0] : undefined;
  const report = path.join(reportDir, `${++reports}-${runner ?? "none"}.json`);
  if (runner) rmSync(report, { force: true });
  const reporterArgs =
    runner === "vitest"
      ? ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`]
      : runner === "playwright"
        ? ["--reporter=list,json"]
        : [];
  const { code, tail } = await timed(name, () => run(command, [...args, ...reporterArgs], { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report }));
  // A runner's report names the failed tests; otherwise (another command, or a runner failing outside any
  // test, such as Vitest's unhandled errors) the last lines printed say what happened.
  if (code !== 0) {
    const failedTests = runner ? failuresFromReport(report, runner) : [];
    failures.push({ name, lines: failedTests.length ? failedTests : tail });
  }
}

await step("lint", "npm", ["run", "--silent", "lint"]);
await step("type checks", "npm", ["run", "--silent", "typecheck"]);
await step("unit tests", "npx", ["vitest", "run", "--project", "unit", "--project", "scripts"]);
await step("api function tests (Deno, in process)", "npm", ["run", "--silent", "test:functions"]);
await step("home page JavaScript budget", "npm", ["run", "--silent", "check:bundle"]);
await step("the API contract (docs/openapi.json) up to date", "npm", ["run", "--silent", "gen:openapi", "--", "--check"]);

let stop: (() => Promise<void>) | undefined;
let stackEnv: NodeJS.ProcessEnv = {};
if (externalStack) {
  console.log("\nUsing the stack named by SUPABASE_URL / DATABASE_URL / SITE_URL.");
} else {
  // Its own ports (see local-stack/src/config.ts), so tests can run beside `npm start`.
  process.env.LOCAL_STACK_PORT_OFFSET ??= "100";
  console.log("\n▶ starting the local stack on a fresh test database");
  await timed("starting the local stack", () => startTestStack({ fresh: true }));
}

/** The local stack on the test database; `fresh` wipes it first. */
async function startTestStack({ fresh }: { fresh: boolean }): Promise<void> {
  const { startStack } = await import("../local-stack/src/index.ts");
  const stack = await startStack({
    dataDir: path.join(root, ".local", "test-data"),
    fresh,
    site: true,
    // The browser tests run against what ships: the production build and its headers.
    siteMode: "build",
    log: (line) => console.log(`  [stack] ${line}`),
  });
  stop = stack.stop;
  stackEnv = { ...stack.env };
}

const shutdown = async () => {
  if (stop) {
    const stopping = stop;
    stop = undefined;
    await stopping();
  }
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void shutdown().finally(() => process.exit(130)));
}

try {
  // First, alone: nothing may change the archive between its backup and the comparison with the restore,
  // which goes into an empty stack the test starts on its own ports (BACKUP_TEST_PORT_OFFSET, 150).
  await step("backup and restore round trip", "npx", ["vitest", "run", "--project", "backup"], stackEnv);
  await step("database types up to date", "npm", ["run", "--silent", "gen:types", "--", "--check"], stackEnv);
  // read-cache runs last within this step, alone (see vitest.config.ts).
  await step("stack, database and API tests", "npx", ["vitest", "run", "--project", "stack", "--project", "db", "--project", "api", "--project", "read-cache"], stackEnv);
  await step("end-to-end tests", "npx", ["playwright", "test"], stackEnv);
  await step("the api function on the edge runtime's Deno (2.1)", "npx", ["tsx", "scripts/edge-runtime/check.ts"], stackEnv);
  // Alone, as it restarts Postgres under load.
  await step("database restart under load", "npx", ["vitest", "run", "--project", "resilience"], stackEnv);
  if (!externalStack) {
    // config.toml confirms new accounts by e-mail, as hosted projects do; the
    // Auth contract and the browser's sign-up are tried with it off as well
    // (GoTrue's own GOTRUE_MAILER_AUTOCONFIRM, read by the stand-in).
    console.log("\n▶ restarting the local stack with e-mail confirmations off");
    await timed("restarting the local stack", async () => {
      await shutdown();
      process.env.GOTRUE_MAILER_AUTOCONFIRM = "true";
      await startTestStack({ fresh: false });
    });
    await step("Auth with confirmations off", "npx", ["vitest", "run", "--project", "stack"], stackEnv);
    await step("sign-up in the browser with confirmations off", "npx", ["playwright", "test", "tests/e2e/auth.spec.ts", "tests/e2e/account.spec.ts"], stackEnv);
  }
  // Last, as it fills the database: the query plans need a large archive (20k posts at this scale).
  await step("large dataset", "npm", ["run", "--silent", "seed:large", "--", "--scale", "0.2"], stackEnv);
  await step("query plans on the large dataset", "npx", ["vitest", "run", "--project", "plans"], stackEnv);
} finally {
  await shutdown();
}

const total = durations.reduce((sum, { seconds }) => sum + seconds, 0);
console.log(`\nsteps by time (${Math.round(total)} s in all):`);
for (const { name, seconds } of [...durations].sort((a, b) => b.seconds - a.seconds)) {
  console.log(`  ${String(Math.round(seconds)).padStart(5)} s  ${name}`);
}

if (failures.length) {
  for (const { name, lines } of failures) console.error(`\n✗ ${name}:\n${lines.map((line) => `  ${line}`).join("\n")}`);
  console.error(`\n✗ failed: ${failures.map(({ name }) => name).join(", ")}`);
  process.exit(1);
}
console.log("\n✓ all test suites passed");
