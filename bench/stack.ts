/**
 * The growth mode's own local stacks, one per archive size, each with its own
 * ports (LOCAL_STACK_PORT_OFFSET) and data folder (LOCAL_STACK_DATA_DIR):
 * wiped and seeded afresh, started and stopped by the bench.
 */
import { spawn, spawnSync } from "node:child_process";

/** Environment that points `npm start`, `npm run reset` and `seed:large` at one stack. */
export type StackEnv = Record<string, string>;

export async function apiAnswers(apiBase: string): Promise<boolean> {
  try {
    return (await fetch(`${apiBase}/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

function npm(args: string[], env: StackEnv): void {
  const result = spawnSync("npm", args, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed (exit code ${result.status})`);
}

/** `npm run reset`: wipes the local database, migrates it and seeds the demo data (the stack must be stopped). */
export function resetDatabase(env: StackEnv): void {
  npm(["run", "--silent", "reset"], env);
}

/** `npm run seed:large -- --scale <scale>`, returning its seconds. */
export function seedLarge(scale: number, env: StackEnv): number {
  const started = performance.now();
  npm(["run", "--silent", "seed:large", "--", "--scale", String(scale)], env);
  return (performance.now() - started) / 1000;
}

/** `npm start` in a process group of its own; resolves once it is ready, with a stop that sends it Ctrl-C. */
export async function startStack(env: StackEnv): Promise<{ stop: () => Promise<void> }> {
  const stack = spawn("npm", ["start"], { detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stack did not start in 3 minutes:\n${output.slice(-2000)}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ctrl-C stops")) {
        clearTimeout(timer);
        resolve();
      }
    };
    stack.stdout.on("data", onData);
    stack.stderr.on("data", onData);
    stack.once("exit", (code) => reject(new Error(`the stack exited (code ${code}):\n${output.slice(-2000)}`)));
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stack.once("exit", () => resolve());
        process.kill(-stack.pid!, "SIGINT");
      }),
  };
}
