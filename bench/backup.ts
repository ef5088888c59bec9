/**
 * `npm run bench:backup`: times `npm run backup` and `npm run restore` the
 * way docs/operations.md ("How long it takes") was first measured by hand,
 * so anyone can repeat it.
 *
 * The source is the stack the environment names, as for the other scripts
 * (exported `stack:env` variables, else the local stack at
 * LOCAL_STACK_PORT_OFFSET / LOCAL_STACK_DATA_DIR): the demo data, or the 100k
 * archive after `npm run seed:large`. A throwaway age key pair encrypts the
 * backups, taken --runs times into a temporary folder. The last one is
 * restored into an EMPTY stack this bench starts on its own ports
 * (--target-offset) and data folder (--target-data-dir, new or empty),
 * which is stopped and deleted afterwards with the backups and the key.
 *
 * Each run is a child process (`npm run --silent backup|restore`), timed
 * from spawn to exit; its process tree's VmRSS is read from /proc every
 * 200 ms (a CI machine may lack /usr/bin/time). Two peaks are kept: the
 * tree's sampled sum (npm, tsx and the script together), and the largest
 * single process's VmHWM, which is what `/usr/bin/time -v` reported for the
 * figures in the docs. Prints a table, or JSON with --json; it writes no
 * document: the figures go into docs/operations.md and bench/findings.md by
 * hand, with the host's load beside them.
 *
 * Each backup records itself in the source's private.backups (one row per
 * run, as any backup does); nothing else in the source changes.
 *
 * Options: --runs <n> (1), --target-offset <n> (800), --target-data-dir
 * <folder> (a new one under the system's temporary folder), --json.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { newKeyPair } from "../scripts/backup/encryption.ts";
import { redact, resolveProject, type Project } from "../scripts/backup/target.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Progress to stderr, so stdout holds only the table or the JSON. */
const say = (line: string) => process.stderr.write(`${line}\n`);

/** A refusal before anything was made: the message alone, no stack trace. */
function refuse(message: string): never {
  say(`✗ ${message}`);
  process.exit(1);
}

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    "target-offset": { type: "string", default: "800" },
    "target-data-dir": { type: "string" },
    json: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:backup [-- --runs N] [--target-offset N] [--target-data-dir DIR] [--json]

Times npm run backup (N times) against the stack the environment names, and
npm run restore of the last backup into an empty stack it starts at
LOCAL_STACK_PORT_OFFSET=--target-offset (default 800) in --target-data-dir
(default: a new folder under ${os.tmpdir()}). Everything it made is deleted.`);
  process.exit(0);
}
const runs = Number(args.runs);
const targetOffset = Number(args["target-offset"]);
if (!Number.isInteger(runs) || runs < 1) refuse(`--runs must be a whole number from 1: ${args.runs}`);
if (!Number.isInteger(targetOffset) || targetOffset <= 0) refuse(`--target-offset must be a positive whole number: ${args["target-offset"]}`);

/** The variables that name a stack or a key: a child gets its project and key from this bench, never from the shell's leftovers. */
const stackVariables = [
  "SUPABASE_URL", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY", "SUPABASE_SECRET_KEY", "SUPABASE_PUBLISHABLE_KEY",
  "DATABASE_URL", "LOCAL_STACK_PORT_OFFSET", "LOCAL_STACK_DATA_DIR", "ARCHIVE_BACKUP_RECIPIENT", "ARCHIVE_BACKUP_IDENTITY",
];
const childEnvBase: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !stackVariables.includes(name)));

// ---------------------------------------------------------------- measuring

/** What /proc says of one process. */
interface ProcSample {
  rssKb: number;
  hwmKb: number;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
}

/**
 * USER_HZ: what /proc/<pid>/stat counts CPU time in. Fixed at 100 in Linux's
 * user-space ABI on the architectures this runs on (x86-64, arm64).
 */
const ticksPerSecond = 100;

function readProc(pid: number): ProcSample | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command name, which may hold spaces and parentheses: state is field 3, utime and stime 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { rssKb: kb("VmRSS"), hwmKb: kb("VmHWM"), cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // exited between the listing and the read
  }
}

/**
 * The processes of the child's tree: its descendants by parent pid, and its
 * process group (spawned detached, so the group is its own), which still
 * holds a grandchild whose parent exited first.
 */
function treeOf(rootPid: number): number[] {
  const parentOf = new Map<number, number>();
  const inGroup: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pid = Number(entry);
      parentOf.set(pid, Number(fields[1]));
      if (Number(fields[2]) === rootPid) inGroup.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set<number>([rootPid, ...inGroup]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree].filter((pid) => parentOf.has(pid));
}

interface Measured {
  code: number;
  stdout: string;
  stderr: string;
  wallSeconds: number;
  /** The highest sampled sum of VmRSS over the tree, kB. */
  peakTreeKb: number;
  /** The highest VmHWM of any one process of the tree, kB: what `/usr/bin/time -v` calls maximum resident set size. */
  peakProcessKb: number;
  /** CPU time of the tree over wall time; each process counted at its last sample, so up to 0.2 s of each is missed. */
  cpuPercent: number;
}

/** The child running now, so a signal to the bench can stop it first. */
let runningChild: { pid: number; exited: Promise<unknown> } | undefined;

/**
 * `npm run --silent <script> -- <args>`: npm included, as the figures by hand
 * were taken of `npm run …`. Its progress lines are passed on to stderr,
 * prefixed with `label`.
 */
async function measure(label: string, script: "backup" | "restore", scriptArgs: string[], env: NodeJS.ProcessEnv): Promise<Measured> {
  const started = performance.now();
  // Detached: its own process group, which the sampler follows and a signal to the bench stops as a whole.
  const child = spawn("npm", ["run", "--silent", script, "--", ...scriptArgs], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 + os.constants.signals[signal] : 1)));
  });
  runningChild = { pid: child.pid!, exited };
  let stdout = "";
  let stderr = "";
  let pending = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const line of lines) if (line.trim()) say(`  [${label}] ${line}`);
  });

  let peakTreeKb = 0;
  let peakProcessKb = 0;
  const lastCpu = new Map<number, number>();
  const sample = () => {
    let treeKb = 0;
    for (const pid of treeOf(child.pid!)) {
      const proc = readProc(pid);
      if (!proc) continue;
      treeKb += proc.rssKb;
      peakProcessKb = Math.max(peakProcessKb, proc.hwmKb);
      lastCpu.set(pid, proc.cpuTicks);
    }
    peakTreeKb = Math.max(peakTreeKb, treeKb);
  };
  sample();
  const sampler = setInterval(sample, 200);
  try {
    const code = await exited;
    const wallSeconds = (performance.now() - started) / 1000;
    // stdout may still hold its last line (the backup's path) after the exit event.
    await new Promise<void>((resolve) => (child.stdout.readableEnded ? resolve() : child.stdout.once("end", resolve)));
    if (pending.trim()) say(`  [${label}] ${pending}`);
    const cpuSeconds = [...lastCpu.values()].reduce((sum, ticks) => sum + ticks, 0) / ticksPerSecond;
    return { code, stdout, stderr, wallSeconds, peakTreeKb, peakProcessKb, cpuPercent: (cpuSeconds / wallSeconds) * 100 };
  } finally {
    clearInterval(sampler);
    runningChild = undefined;
  }
}

// ---------------------------------------------------------------- the runs

interface BackupRun {
  run: number;
  wallSeconds: number;
  peakTreeKb: number;
  peakProcessKb: number;
  cpuPercent: number;
  fileBytes: number;
  tables: number | null;
  rows: number | null;
  objects: number | null;
  /** What the backup printed for the media's size (formatBytes), e.g. "320.0 MB". */
  media: string | null;
}

interface RestoreRun {
  wallSeconds: number;
  peakTreeKb: number;
  peakProcessKb: number;
  cpuPercent: number;
  restoredBackup: number;
  posts: number;
  accounts: number;
  rows: number;
  tables: number;
  objects: number;
}

/** A child that failed: its exit code and the end of what it said. */
function failed(what: string, run: Measured): Error {
  return new Error(`${what} exited with code ${run.code}:\n${(run.stderr + run.stdout).trim().split("\n").slice(-20).join("\n")}`);
}

/** Both given as to a hosted project (--db-url, the URL and a service key), so no run spends its time looking the stack up. */
const projectEnv = (project: Project): NodeJS.ProcessEnv => ({ ...childEnvBase, SUPABASE_URL: project.supabaseUrl, SUPABASE_SERVICE_ROLE_KEY: project.serviceKey });

async function backupOnce(run: number, source: Project, outDir: string, recipient: string): Promise<BackupRun & { file: string }> {
  const measured = await measure(`backup ${run}`, "backup", ["--db-url", source.databaseUrl, "--out", `${outDir}/`], {
    ...projectEnv(source),
    ARCHIVE_BACKUP_RECIPIENT: recipient,
  });
  if (measured.code !== 0) throw failed(`backup ${run}`, measured);
  const file = measured.stdout.trim().split("\n").at(-1)!;
  const { size } = await fs.stat(file);
  // scripts/backup.ts's last progress line: "done in …: taken … at migration …: 32 tables (6875 rows), 6 objects (1.2 MB); the file is …".
  const done = /(\d+) tables \((\d+) rows\), (\d+) objects \(([^)]*)\)/.exec(measured.stderr);
  if (!done) say(`  [backup ${run}] ! its summary line did not say tables, rows and objects as expected: bench/backup.ts reads it`);
  return {
    run,
    file,
    wallSeconds: measured.wallSeconds,
    peakTreeKb: measured.peakTreeKb,
    peakProcessKb: measured.peakProcessKb,
    cpuPercent: measured.cpuPercent,
    fileBytes: size,
    tables: done ? Number(done[1]) : null,
    rows: done ? Number(done[2]) : null,
    objects: done ? Number(done[3]) : null,
    media: done ? done[4]! : null,
  };
}

async function restoreInto(target: Project, file: string, identityFile: string, restoredBackup: number): Promise<RestoreRun> {
  const measured = await measure("restore", "restore", ["--db-url", target.databaseUrl, file], { ...projectEnv(target), ARCHIVE_BACKUP_IDENTITY: identityFile });
  if (measured.code !== 0) throw failed("restore", measured);
  // scripts/restore.ts's last line, printed only when every count and checksum matched.
  const done = /: (\d+) posts, (\d+) accounts, (\d+) rows in (\d+) tables, (\d+) objects; every count and checksum matches/.exec(measured.stdout);
  if (!done) throw new Error(`the restore exited with 0 but did not say that every count and checksum matches:\n${measured.stdout}`);
  return {
    wallSeconds: measured.wallSeconds,
    peakTreeKb: measured.peakTreeKb,
    peakProcessKb: measured.peakProcessKb,
    cpuPercent: measured.cpuPercent,
    restoredBackup,
    posts: Number(done[1]),
    accounts: Number(done[2]),
    rows: Number(done[3]),
    tables: Number(done[4]),
    objects: Number(done[5]),
  };
}

// ---------------------------------------------------------------- the report

const thousands = (n: number | null) => (n === null ? "?" : n.toLocaleString("en-US"));
/** MB as the docs' figures are: /proc's (and /usr/bin/time's) kB divided by 1000. */
const memoryMb = (kb: number) => `${Math.round(kb / 1000)} MB`;
const fileSize = (bytes: number) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

function table(backups: BackupRun[], restore: RestoreRun | undefined): string {
  const rows = [
    ["run", "wall", "peak RSS, largest process", "peak RSS, whole tree", "CPU", "file", "rows", "objects"],
    ...backups.map((b) => [
      `backup ${b.run}`,
      `${b.wallSeconds.toFixed(1)} s`,
      memoryMb(b.peakProcessKb),
      memoryMb(b.peakTreeKb),
      `${Math.round(b.cpuPercent)} %`,
      fileSize(b.fileBytes),
      `${thousands(b.rows)} in ${b.tables ?? "?"} tables`,
      `${b.objects ?? "?"}${b.media ? ` (${b.media})` : ""}`,
    ]),
    ...(restore
      ? [[
          `restore of backup ${restore.restoredBackup}`,
          `${restore.wallSeconds.toFixed(1)} s`,
          memoryMb(restore.peakProcessKb),
          memoryMb(restore.peakTreeKb),
          `${Math.round(restore.cpuPercent)} %`,
          "",
          `${thousands(restore.rows)} in ${restore.tables} tables`,
          String(restore.objects),
        ]]
      : []),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const right = new Set([1, 2, 3, 4, 5]);
  const line = (row: string[]) => row.map((cell, i) => (right.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(rows[0]!), line(widths.map((w) => "-".repeat(w))), ...rows.slice(1).map(line)].join("\n");
}

// ---------------------------------------------------------------- main

const host = {
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? "cpu",
  // GiB, as `free -g` and the docs' "24 GB" count it.
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
};
const loadAverage = () => os.loadavg().map((n) => n.toFixed(1)).join(" ");

// The source first, while LOCAL_STACK_PORT_OFFSET is still the caller's (stack:env runs in a child with this environment).
let source: Project;
try {
  source = resolveProject(undefined);
} catch (error) {
  refuse(`the source: ${(error as Error).message}`);
}

// local-stack/src/config.ts reads the offset once, when first imported: the target's, here, as the round-trip test does.
process.env.LOCAL_STACK_PORT_OFFSET = String(targetOffset);
const { ports } = await import("../local-stack/src/config.ts");
const { assertPortFree } = await import("../local-stack/src/ports.ts");
const { postgresDataDir, runsOutsideClone } = await import("../local-stack/src/postgres-home.ts");
const { startStack } = await import("../local-stack/src/index.ts");

if (new URL(source.databaseUrl).port === String(ports.postgres)) {
  refuse(`--target-offset ${targetOffset} is the source's own (its database is on port ${ports.postgres}): pick another`);
}
// Checked before the backups, which take minutes on the 100k archive, rather than when the target starts.
for (const port of [ports.postgres, ports.gateway, ports.function, ports.mail, ports.smtp, ports.wayback]) {
  await assertPortFree(port).catch(() => refuse(`port ${port} (--target-offset ${targetOffset}) is in use: pick another offset for the empty target stack`));
}

// The target's folder is wiped by startStack({ fresh: true }), so only a new or empty one is taken.
if (args["target-data-dir"]) {
  const held = await fs.readdir(path.resolve(args["target-data-dir"])).catch(() => [] as string[]);
  if (held.length) refuse(`--target-data-dir ${path.resolve(args["target-data-dir"])} is not empty; the bench wipes and deletes it, so give a new or empty folder`);
}

/** What this bench made, deleted at the end or on a signal; set as each is made, so a signal in between leaves nothing. */
const made: { workDir?: string; targetDataDir?: string; stopTarget?: () => Promise<void> } = {};
let cleaning: Promise<void> | undefined;
const cleanUp = () =>
  (cleaning ??= (async () => {
    if (runningChild) {
      // SIGINT to its group, as Ctrl-C in a terminal: the backup and restore delete their own staging folders on it.
      try {
        process.kill(-runningChild.pid, "SIGINT");
      } catch {
        // already gone
      }
      await runningChild.exited.catch(() => undefined);
    }
    if (made.stopTarget) {
      say(`stopping the target stack (offset ${targetOffset})`);
      await made.stopTarget().catch((error: Error) => say(`! stopping the target stack: ${error.message}`));
    }
    if (made.workDir) await fs.rm(made.workDir, { recursive: true, force: true });
    if (made.targetDataDir) {
      await fs.rm(made.targetDataDir, { recursive: true, force: true });
      // Where Postgres runs from outside the clone (postgres-home.ts), its data folder for this one is elsewhere.
      if (runsOutsideClone) await fs.rm(path.dirname(postgresDataDir(made.targetDataDir)), { recursive: true, force: true });
    }
  })());

// One Ctrl-C may arrive twice (from the terminal, and relayed by tsx's parent): only a later one forces.
let firstSignalAt = 0;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (firstSignalAt && Date.now() - firstSignalAt < 1000) return;
    if (firstSignalAt) process.exit(130);
    firstSignalAt = Date.now();
    say(`\n${signal}: stopping, deleting the bench's files (again to force)`);
    void cleanUp().then(() => process.exit(130), () => process.exit(130));
  });
}

if (args["target-data-dir"]) {
  made.targetDataDir = path.resolve(args["target-data-dir"]);
  await fs.mkdir(made.targetDataDir, { recursive: true });
} else {
  made.targetDataDir = await fs.mkdtemp(path.join(os.tmpdir(), `bench-backup-target-${targetOffset}-`));
}
const targetDataDir = made.targetDataDir;
// As root, Postgres runs as the user postgres, which must pass through it (mkdtemp makes it 0700).
await fs.chmod(targetDataDir, 0o755);
const workDir = (made.workDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-backup-")));
const outDir = path.join(workDir, "out");
await fs.mkdir(outDir);
const identityFile = path.join(workDir, "identity.key");

const startedAt = new Date();
const loadBefore = loadAverage();
const backups: BackupRun[] = [];
let restore: RestoreRun | undefined;
try {
  const { identity, recipient } = await newKeyPair();
  await fs.writeFile(identityFile, `${identity}\n`, { mode: 0o600 });
  say(`source: ${source.label}; ${runs} backup${runs > 1 ? "s" : ""} into ${outDir}, encrypted to a throwaway key`);

  let last: (BackupRun & { file: string }) | undefined;
  for (let run = 1; run <= runs; run++) {
    const previous = last?.file;
    last = await backupOnce(run, source, outDir, recipient);
    // Only the last is restored: the others go as soon as they are measured, so N backups of 1.8 GB need no more room than one.
    if (previous) await fs.rm(previous, { force: true });
    const { file: _file, ...measured } = last;
    backups.push(measured);
    say(`backup ${run}: ${measured.wallSeconds.toFixed(1)} s, ${fileSize(measured.fileBytes)}`);
  }

  say(`starting an empty target stack: offset ${targetOffset} (database ${ports.postgres}, gateway ${ports.gateway}), data in ${targetDataDir}`);
  const stackLog: string[] = [];
  const stackStarted = performance.now();
  const stack = await startStack({ dataDir: targetDataDir, fresh: true, seed: false, site: false, log: (line) => stackLog.push(line) }).catch(
    (error: Error) => {
      throw new Error(`the empty target stack did not start: ${error.message}\n${stackLog.slice(-20).join("\n")}`);
    },
  );
  made.stopTarget = stack.stop;
  say(`target stack ready in ${((performance.now() - stackStarted) / 1000).toFixed(1)} s`);
  const target: Project = {
    databaseUrl: stack.env.DATABASE_URL,
    supabaseUrl: stack.env.SUPABASE_URL,
    serviceKey: stack.env.SUPABASE_SERVICE_ROLE_KEY,
    label: `${redact(stack.env.DATABASE_URL)} and ${stack.env.SUPABASE_URL}`,
  };
  restore = await restoreInto(target, last!.file, identityFile, last!.run);
  say(`restore: ${restore.wallSeconds.toFixed(1)} s, every count and checksum matched`);
} catch (error) {
  // After a signal, the child's failure is the bench's own doing: cleanUp says what happens.
  if (!firstSignalAt) say(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  say(`deleted the backups, the key and the target's data (${workDir}, ${targetDataDir})`);
}

const loadAfter = loadAverage();
/** Seconds to the hundredth and percentages to the tenth: the rest is noise. */
const rounded = <T extends { wallSeconds: number; cpuPercent: number }>(run: T): T => ({
  ...run,
  wallSeconds: Math.round(run.wallSeconds * 100) / 100,
  cpuPercent: Math.round(run.cpuPercent * 10) / 10,
});
if (args.json) {
  console.log(
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        host: { ...host, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
        source: source.label,
        targetOffset,
        backups: backups.map(rounded),
        restore: restore ? rounded(restore) : null,
        units: { peakTreeKb: "kB, sampled sum of VmRSS over the process tree", peakProcessKb: "kB, largest VmHWM of one process (/usr/bin/time -v's maximum RSS)" },
      },
      null,
      1,
    ),
  );
} else if (backups.length) {
  console.log(`
Backup and restore, ${startedAt.toISOString().slice(0, 16).replace("T", " ")} – ${new Date().toISOString().slice(11, 16)} UTC
source ${source.label}
host: ${host.cores} cores (${host.cpu}), ${host.memoryGb} GB, Node ${host.node}; load average ${loadBefore} before, ${loadAfter} after

${table(backups, restore)}

Wall: npm run … from spawn to exit. Peak RSS: "largest process" is the highest VmHWM of one process
(what /usr/bin/time -v reports, as in docs/operations.md); "whole tree" is the highest sum of VmRSS over
npm, tsx and the script, sampled every 200 ms. MB are /proc's kB / 1000, as in the docs. CPU: the tree's, over wall time.
Each backup added its row to the source's private.backups; its file is deleted.

This bench writes no document: put the figures into docs/operations.md ("How long it takes")
and bench/findings.md by hand, with the date, the host and its load.`);
}
