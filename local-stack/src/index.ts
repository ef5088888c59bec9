/**
 * The Docker-free local Supabase: Postgres, the gateway with Auth, Storage
 * and the `api` function, and the site, on the Supabase CLI's ports.
 */
import fs from "node:fs/promises";
import path from "node:path";
import postgres, { type Sql } from "postgres";
import {
  databaseUrl,
  defaultDataDir,
  defaultFunctionEntry,
  emailFrom,
  emailFromAddress,
  emailTokenSecret,
  keysFile,
  mailUrl,
  ports,
  repoRoot,
  resendWebhookSecret,
  siteUrl,
  sourcesJobSecret,
  supabaseUrl,
  testSiteHost,
  type Log,
} from "./config.ts";
import { startFunction } from "./functions.ts";
import { startGateway, type Gateway } from "./gateway.ts";
import { startMailCatcher } from "./mail.ts";
import { loadKeys } from "./keys.ts";
import { applyMigrations, applyPlatformSchema, seed } from "./migrate.ts";
import { assertPortFree } from "./ports.ts";
import { startPostgres, type RunningPostgres } from "./postgres.ts";
import { postgresDataDir } from "./postgres-home.ts";
import type { ManagedProcess } from "./processes.ts";
import { resendStandInKey, startResendStandIn } from "./resend/server.ts";
import { startSite, type SiteMode } from "./site.ts";
import { archivedCaptures } from "./wayback/captures.ts";
import { scheduleJobs } from "./schedule.ts";
import { startWaybackStandIn } from "./wayback/server.ts";

export { defaultDataDir, databaseUrl, supabaseUrl, siteUrl } from "./config.ts";
export { loadKeys } from "./keys.ts";

export interface StackOptions {
  /** Where Postgres data, stored objects and the Auth signing key live. Default `<repo>/.local/data`. */
  dataDir?: string;
  /** Wipe `dataDir` first: a new, freshly seeded database. */
  fresh?: boolean;
  /**
   * Seed a new database with the demo data (default true). False leaves it
   * migrated and empty: a target for `npm run restore` (`npm start -- --empty`).
   */
  seed?: boolean;
  /** Start the site (default true). */
  site?: boolean;
  /**
   * Call the jobs every minute, as Supabase Cron does (default true). False:
   * a project whose cron is not set up yet, as one just restored is until
   * supabase/deploy/jobs-cron.sql runs (docs/deploy.md).
   */
  schedule?: boolean;
  /** The site as Vite's dev server (default) or as the production build under `vite preview`. */
  siteMode?: SiteMode;
  /** Start the function and gateway (default true); `reset` only needs the database. */
  services?: boolean;
  /** Restart the function when its code changes (`deno run --watch`), for development. */
  watch?: boolean;
  /** The function's entry file; default supabase/functions/api/index.ts, or LOCAL_STACK_FUNCTION_ENTRY. */
  functionEntry?: string;
  log?: (line: string) => void;
}

export interface StackEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  SUPABASE_PUBLISHABLE_KEY: string;
  SUPABASE_SECRET_KEY: string;
  /** The mail catcher, by the name `supabase status -o env` gives Mailpit's. */
  MAILPIT_URL: string;
  DATABASE_URL: string;
  SITE_URL: string;
  /** The sources jobs' secret, the Wayback stand-in, and the one loopback port the tests' fake site may use. */
  SOURCES_JOB_SECRET: string;
  WAYBACK_STAND_IN_URL: string;
  /** host:port */
  SOURCES_TEST_SITE: string;
  /** The Resend stand-in and the notification e-mails' secrets, so tests can send, sign unsubscribe links and call the webhook. */
  RESEND_STAND_IN_URL: string;
  RESEND_API_KEY: string;
  /** The sender's address alone: the tests tell the archive's e-mails from Auth's by it. */
  EMAIL_FROM_ADDRESS: string;
  EMAIL_TOKEN_SECRET: string;
  RESEND_WEBHOOK_SECRET: string;
}

export interface RunningStack {
  env: StackEnv;
  /** Stops everything this start started, Postgres last. Safe to call more than once. */
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir);
  const log: Log = options.log ?? ((line) => console.log(line));
  const withServices = options.services ?? true;
  const withSite = withServices && (options.site ?? true);
  const functionEntry = path.resolve(repoRoot, options.functionEntry ?? process.env.LOCAL_STACK_FUNCTION_ENTRY ?? defaultFunctionEntry);

  // Check every port before starting anything, so a second `npm start` fails at once and cleanly.
  await assertPortFree(ports.postgres);
  if (withServices) {
    await assertPortFree(ports.gateway);
    await assertPortFree(ports.function);
    await assertPortFree(ports.mail);
    await assertPortFree(ports.smtp);
    await assertPortFree(ports.wayback);
    await assertPortFree(ports.resend);
  }
  if (withSite) await assertPortFree(ports.site);

  if (options.fresh) {
    log(`wiping ${dataDir} (keeping its Auth signing key, so the anon and service role keys stay the same)`);
    const entries = await fs.readdir(dataDir).catch(() => [] as string[]);
    for (const entry of entries) {
      if (entry !== path.basename(keysFile(dataDir))) await fs.rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
    // Postgres may keep its data outside the clone (see postgres-home.ts).
    await fs.rm(postgresDataDir(dataDir), { recursive: true, force: true });
  }
  await fs.mkdir(dataDir, { recursive: true });

  // Everything started so far, stopped in reverse order on failure or stop().
  const stoppers: Array<() => Promise<void>> = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const stopOne of stoppers.reverse()) {
        await stopOne().catch((error: unknown) => log(`while stopping: ${error instanceof Error ? error.message : String(error)}`));
      }
    })());

  try {
    const keys = await loadKeys(dataDir);
    const pg: RunningPostgres = await startPostgres({ dataDir, log });
    stoppers.push(() => pg.stop());
    log(`Postgres 17 is running on port ${ports.postgres}`);

    const sql: Sql = postgres(databaseUrl, { max: 10, onnotice: () => {}, connection: { application_name: "local-stack" } });
    stoppers.push(() => sql.end({ timeout: 5 }));
    await applyPlatformSchema(sql);
    await applyMigrations(databaseUrl, log);
    if (pg.created && options.seed !== false) await seed(sql, dataDir, log);
    else if (pg.created) log("a new, empty database: migrated, not seeded");

    const env: StackEnv = {
      SUPABASE_URL: supabaseUrl,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
      SUPABASE_SECRET_KEY: keys.secretKey,
      MAILPIT_URL: mailUrl,
      DATABASE_URL: databaseUrl,
      SITE_URL: siteUrl,
      SOURCES_JOB_SECRET: sourcesJobSecret,
      WAYBACK_STAND_IN_URL: `http://127.0.0.1:${ports.wayback}`,
      SOURCES_TEST_SITE: `${testSiteHost}:${ports.testSite}`,
      RESEND_STAND_IN_URL: `http://127.0.0.1:${ports.resend}`,
      RESEND_API_KEY: resendStandInKey,
      EMAIL_FROM_ADDRESS: emailFromAddress,
      EMAIL_TOKEN_SECRET: emailTokenSecret,
      RESEND_WEBHOOK_SECRET: resendWebhookSecret,
    };

    if (withServices) {
      const mail = await startMailCatcher(log);
      stoppers.push(() => mail.close());
      const gateway: Gateway = await startGateway({ auth: { sql, keys }, storage: { sql, keys, dataDir }, log });
      stoppers.push(() => gateway.close());
      log(`gateway (Auth, Storage, functions) is listening on ${supabaseUrl}`);

      // The captures the database already records, so the stand-in's Availability API agrees with it.
      const wayback = await startWaybackStandIn(log, await archivedCaptures(sql));
      stoppers.push(() => wayback.close());
      log(`the Wayback Machine stand-in is listening on 127.0.0.1:${ports.wayback}`);
      const resend = await startResendStandIn(log);
      stoppers.push(() => resend.close());

      log("starting the api function with Deno (the first start downloads its packages)");
      const deno: ManagedProcess = await startFunction({
        entry: functionEntry,
        watch: options.watch ?? false,
        log,
        env: {
          SUPABASE_URL: supabaseUrl,
          SUPABASE_ANON_KEY: keys.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
          SUPABASE_DB_URL: databaseUrl,
          // As `supabase functions serve` sets them (apps/cli-go/internal/functions/serve/serve.go).
          SUPABASE_INTERNAL_PUBLISHABLE_KEY: keys.publishableKey,
          SUPABASE_INTERNAL_SECRET_KEY: keys.secretKey,
          SUPABASE_INTERNAL_JWT_SECRET: keys.jwtSecret,
          SITE_URL: siteUrl,
          SOURCES_JOB_SECRET: sourcesJobSecret,
          WAYBACK_AVAILABILITY_URL: wayback.availabilityUrl,
          WAYBACK_SAVE_URL: wayback.saveUrl,
          WAYBACK_ACCESS_KEY: "local-access-key",
          WAYBACK_SECRET_KEY: "local-secret-key",
          SOURCES_FETCH_ALLOW_LOOPBACK: `127.0.0.1:${ports.wayback},${testSiteHost}:${ports.testSite}`,
          RESEND_API_URL: resend.url,
          RESEND_API_KEY: resendStandInKey,
          EMAIL_FROM: emailFrom,
          EMAIL_TOKEN_SECRET: emailTokenSecret,
          RESEND_WEBHOOK_SECRET: resendWebhookSecret,
        },
      });
      stoppers.push(() => deno.stop());
      log("the api function answers");
      if (options.schedule ?? true) {
        const schedule = scheduleJobs(sourcesJobSecret, log);
        stoppers.push(async () => schedule.stop());
      }
    }

    if (withSite) {
      const vite = await startSite({ anonKey: keys.anonKey, mode: options.siteMode ?? "dev", dataDir, log });
      if (vite) {
        stoppers.push(() => vite.stop());
        log(`the site is running on ${siteUrl}`);
      }
    }
    return { env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
