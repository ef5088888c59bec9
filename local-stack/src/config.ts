/**
 * Fixed facts of the local stack: ports (those of the Supabase CLI, so that
 * `supabase start` is a drop-in replacement), URLs and folders.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * LOCAL_STACK_PORT_OFFSET moves every port by that much, so a second stack can
 * run beside `npm start` (npm test uses 100: 54421, 54422, 54431, 5273;
 * `npm run bench -- --growth` 200, 300 and 400, one stack per archive).
 */
const portOffset = Number(process.env.LOCAL_STACK_PORT_OFFSET ?? 0) || 0;

/** The ports of a stack started with LOCAL_STACK_PORT_OFFSET=`offset`. */
export const portsAt = (offset: number) =>
  ({
    gateway: 54321 + offset,
    postgres: 54322 + offset,
    /** The Deno function listens here on 127.0.0.1 only; callers go through the gateway. */
    function: 54331 + offset,
    site: 5173 + offset,
    /** The mail catcher's web page and API, as Mailpit's under `supabase start`. */
    mail: 54324 + offset,
    /** Its SMTP server, where Auth sends (Mailpit's SMTP port under the CLI). */
    smtp: 54325 + offset,
    /** The Wayback Machine stand-in (wayback/server.ts). */
    wayback: 54326 + offset,
    /** The Resend stand-in (resend/server.ts): the notification e-mails' API, delivering into the mail catcher. The Supabase CLI's analytics port, which this stack does not run. */
    resend: 54327 + offset,
    /** Where the sources tests start their fake site (on testSiteHost): the one loopback place besides the stand-in the checker may open. */
    testSite: 54328 + offset,
  }) as const;

export const ports = portsAt(portOffset);

/** The gateway's and the database's URLs of a stack started with LOCAL_STACK_PORT_OFFSET=`offset`. */
export const urlsAt = (offset: number) => ({
  supabaseUrl: `http://127.0.0.1:${portsAt(offset).gateway}`,
  databaseUrl: `postgresql://postgres:postgres@127.0.0.1:${portsAt(offset).postgres}/postgres`,
});

export const { supabaseUrl, databaseUrl } = urlsAt(portOffset);
export const siteUrl = `http://localhost:${ports.site}`;
export const mailUrl = `http://127.0.0.1:${ports.mail}`;
/** `iss` of user access tokens, as GoTrue sets it: the public URL of Auth. */
export const authIssuer = `${supabaseUrl}/auth/v1`;

export const defaultDataDir = path.join(repoRoot, ".local", "data");
/** Deno's module cache, outside the data folder so `reset` does not re-download npm packages. */
export const denoDir = path.join(repoRoot, ".local", "deno");

export const defaultFunctionEntry = path.join(repoRoot, "supabase", "functions", "api", "index.ts");
export const functionConfig = path.join(repoRoot, "supabase", "functions", "api", "deno.json");

export const storageDir = (dataDir: string) => path.join(dataDir, "storage");
export const keysFile = (dataDir: string) => path.join(dataDir, "auth-keys.json");

/** The local stack's secret for POST /api/jobs/sources (hosted projects set their own; docs/deploy.md). */
export const sourcesJobSecret = "local-sources-job-secret";
/** The local stack's secrets for the notification e-mails (hosted projects set their own; docs/deploy.md). */
export const emailTokenSecret = "local-email-token-secret";
/** A Svix-style signing secret ("whsec_" + base64), so tests can sign webhook calls as Resend does. */
export const resendWebhookSecret = "whsec_bG9jYWwtcmVzZW5kLXdlYmhvb2stc2VjcmV0";
export const emailFromAddress = "notifications@archive.localhost";
export const emailFrom = `The Community Archive <${emailFromAddress}>`;
/**
 * The fake site's own loopback address: connections the stack makes from
 * 127.0.0.1 may hold its port there for a while (it lies in the ephemeral range).
 */
export const testSiteHost = "127.0.0.2";

export type Log = (line: string) => void;
