/**
 * Child processes that can be stopped completely. Each child gets its own
 * process group (`detached`), for two reasons: `npm run dev` starts Vite as a
 * grandchild, which killing npm alone would orphan; and Ctrl-C in a terminal
 * then reaches only the CLI, which shuts the children down in order.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import readline from "node:readline";
import type { Log } from "./config.ts";

/** Process groups still running: killed outright if this process exits without stopping them (a second Ctrl-C, a crash). */
const running = new Set<number>();
process.on("exit", () => {
  for (const pid of running) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
});

export interface ManagedProcess {
  readonly child: ChildProcess;
  /** Why the process ended, or undefined while it runs. */
  exitReason(): string | undefined;
  /** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** Runs a command to its end, its stdout and stderr kept together: for short jobs whose output matters only when they fail. */
export function runToEnd(command: string, args: string[], options: SpawnOptions = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    const output: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => output.push(chunk));
    }
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, output: output.join("").trim() }));
  });
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { log: Log },
): ManagedProcess {
  const { log, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let exitReason: string | undefined;
  if (child.pid !== undefined) running.add(child.pid);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exitReason = signal ? `signal ${signal}` : `exit code ${code}`;
      resolve();
    });
    child.once("error", (error) => {
      exitReason = error.message;
      resolve();
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) readline.createInterface({ input: stream }).on("line", (line) => log(`[${name}] ${line}`));
  }

  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };

  return {
    child,
    exitReason: () => exitReason,
    async stop(graceMs = 5000) {
      if (exitReason === undefined) {
        signalGroup("SIGTERM");
        const timer = setTimeout(() => signalGroup("SIGKILL"), graceMs);
        await exited;
        clearTimeout(timer);
      }
      // Grandchildren may outlive the leader (e.g. Vite under npm): sweep the group.
      signalGroup("SIGKILL");
      if (child.pid !== undefined) running.delete(child.pid);
    },
  };
}
