/**
 * The real `api` edge function, run by Deno from the npm package `deno`, with
 * the environment the Supabase edge runtime gives functions. Deno.serve()
 * listens where DENO_SERVE_ADDRESS says, so the function code needs no
 * local-only changes.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { denoDir, functionConfig, ports, repoRoot, type Log } from "./config.ts";
import { binaryPath } from "./migrate.ts";
import { answersHttp, waitFor } from "./ports.ts";
import { startProcess, type ManagedProcess } from "./processes.ts";

/** The first start downloads the function's npm packages into DENO_DIR. */
const firstStartTimeoutMs = 180_000;

export interface FunctionEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  SUPABASE_DB_URL: string;
  SUPABASE_INTERNAL_PUBLISHABLE_KEY: string;
  SUPABASE_INTERNAL_SECRET_KEY: string;
  SUPABASE_INTERNAL_JWT_SECRET: string;
  /** Our own secret, not the platform's: the site's public origin (see supabase/functions/api/env.ts). */
  SITE_URL: string;
  /** The sources jobs' (supabase/functions/api/env.ts, sourcesEnv): the Wayback stand-in, and nothing else on loopback but the tests' fake site. */
  SOURCES_JOB_SECRET: string;
  WAYBACK_AVAILABILITY_URL: string;
  WAYBACK_SAVE_URL: string;
  WAYBACK_ACCESS_KEY: string;
  WAYBACK_SECRET_KEY: string;
  SOURCES_FETCH_ALLOW_LOOPBACK: string;
  /** The notification e-mails' (supabase/functions/api/env.ts, emailEnv): the Resend stand-in and the stack's own secrets. */
  RESEND_API_URL: string;
  RESEND_API_KEY: string;
  EMAIL_FROM: string;
  EMAIL_TOKEN_SECRET: string;
  RESEND_WEBHOOK_SECRET: string;
}

export async function startFunction({
  entry,
  env,
  watch,
  log,
}: {
  entry: string;
  env: FunctionEnv;
  watch: boolean;
  log: Log;
}): Promise<ManagedProcess> {
  if (!existsSync(entry)) throw new Error(`the function entry ${path.relative(repoRoot, entry)} does not exist`);
  const args = ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-sys"];
  // The project's import map applies to the project's function; a throwaway test entry elsewhere brings its own (or none).
  if (existsSync(functionConfig) && entry.startsWith(path.dirname(path.dirname(functionConfig)))) {
    args.push("--config", functionConfig);
  }
  if (watch) args.push("--watch");
  args.push(entry);

  const deno = startProcess("api", binaryPath("deno"), args, {
    cwd: repoRoot,
    log,
    env: {
      ...process.env,
      ...env,
      // An explicit DENO_DIR wins, e.g. for a user who cannot write the repository's .local folder.
      DENO_DIR: process.env.DENO_DIR ?? denoDir,
      DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${ports.function}`,
      DENO_NO_UPDATE_CHECK: "1",
      NO_COLOR: "1",
    },
  });
  try {
    await waitFor("the api function (Deno)", () => answersHttp(`http://127.0.0.1:${ports.function}/`), firstStartTimeoutMs, () => deno.exitReason());
  } catch (error) {
    await deno.stop();
    throw error;
  }
  return deno;
}
