/**
 * The backup tests' hands: the two commands run as an operator runs them
 * (a child process, the project named by --db-url and the environment),
 * a project's state read back (every table's rows, every object's bytes),
 * and a backup file taken apart and put together again to damage it.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { createGunzip, createGzip } from "node:zlib";
import { Decrypter } from "age-encryption";
import postgres from "postgres";
import tar from "tar-stream";
import { listTables } from "../../scripts/backup/catalog.ts";
import { StorageApi } from "../../scripts/backup/storage-api.ts";
import { fromWebStream, toWebStream } from "../../scripts/backup/streams.ts";
import type { Project } from "../../scripts/backup/target.ts";
import { tableDigests } from "../../scripts/backup/verify.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` (through tsx, as npm runs them) with these arguments and environment. */
export function runScript(script: "backup" | "restore", args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", `${script}.ts`), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The environment that names a project as a hosted one is named: SUPABASE_URL and one service key, beside --db-url. */
export function hostedEnv(project: Project, key: "SUPABASE_SERVICE_ROLE_KEY" | "SUPABASE_SECRET_KEY"): Record<string, string | undefined> {
  return {
    SUPABASE_URL: project.supabaseUrl,
    SUPABASE_SERVICE_ROLE_KEY: undefined,
    SUPABASE_SECRET_KEY: undefined,
    [key]: project.serviceKey,
  };
}

export interface State {
  /** `schema.table` → rows and digest. */
  tables: Record<string, { rows: number; digest: string }>;
  /** object name → SHA-256. */
  objects: Record<string, string>;
}

/** Everything a backup holds, as the project holds it now. */
export async function readState(project: Project): Promise<State> {
  const sql = postgres(project.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const tables = await listTables(sql);
    const digests = await tableDigests(sql, tables);
    const storage = new StorageApi(project);
    const objects: Record<string, string> = {};
    for await (const object of storage.walk()) {
      const body = await storage.download(object.name);
      const hash = createHash("sha256");
      if (body) for await (const chunk of body) hash.update(chunk as Buffer);
      objects[object.name] = hash.digest("hex");
    }
    return { tables: Object.fromEntries([...digests].map(([name, d]) => [name, { rows: d.rows, digest: d.digest }])), objects };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The tables the e-mail jobs change every minute on a running project (POST /api/jobs/email). */
const scheduledWorkTables = ["private.notification_events", "public.notifications", "private.email_outbox"];

/** `state` without the tables a running project's jobs keep changing, for comparing two live projects. */
export function withoutScheduledWork(state: State): State {
  return { ...state, tables: Object.fromEntries(Object.entries(state.tables).filter(([name]) => !scheduledWorkTables.includes(name))) };
}

/** The rows of one table as COPY writes them, sorted: what a failed comparison shows. */
export async function tableRows(project: Project, table: string): Promise<string[]> {
  const sql = postgres(project.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [schema, name] = table.split(".");
    const shape = (await listTables(sql)).find((t) => t.schema === schema && t.name === name)!;
    const columns = shape.columns.map((c) => `"${c.name}"`).join(", ");
    const rows = await sql.unsafe<{ row: string }[]>(`select (${columns})::text as row from "${schema}"."${name}"`);
    return rows.map((r) => r.row).sort();
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** An encrypted backup decrypted: the tar.gz inside, as an unencrypted backup is written. */
export async function decryptBackup(file: string, identity: string, output: string): Promise<void> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  const plain = await decrypter.decrypt(toWebStream(createReadStream(file)));
  await pipeline(fromWebStream(plain), createWriteStream(output));
}

/** An unencrypted backup with some entries changed by `edit` (it sees each entry's name and bytes). */
export async function rewriteBackup(input: string, output: string, edit: (name: string, bytes: Buffer) => Buffer): Promise<void> {
  const entries: { name: string; bytes: Buffer }[] = [];
  const extract = tar.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.push({ name: entry.header.name, bytes: edit(entry.header.name, Buffer.concat(chunks)) });
    }
  })();
  await Promise.all([pipeline(createReadStream(input), createGunzip(), extract), reading]);
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name, size: entry.bytes.length }, entry.bytes);
  pack.finalize();
  await pipeline(pack, createGzip(), createWriteStream(output));
}

/** The first `fraction` of a file, as a copy cut short would leave it. */
export async function cutShort(input: string, output: string, fraction: number): Promise<void> {
  const { size } = await fs.stat(input);
  await pipeline(createReadStream(input, { end: Math.floor(size * fraction) - 1 }), createWriteStream(output));
}
