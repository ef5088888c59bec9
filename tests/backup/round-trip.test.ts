/**
 * The backup's round trip: the stack under test (the source), with more
 * activity than the demo seed, is backed up with `npm run backup`, and the
 * backup is restored with `npm run restore` into a fresh, EMPTY stack this
 * file starts on another port offset (BACKUP_TEST_PORT_OFFSET, 150 unless
 * set). Both are reached as hosted projects are: a database URL, and the
 * Storage API with a service key (the secret key for the source, the
 * service role key for the target). Then both sides are compared: every
 * table's rows, every object's bytes, public API answers, and a member's and
 * an admin's sign-in with their own passwords. Each refusal (a file cut
 * short, a changed object, a later migration, a target that holds posts)
 * leaves its target exactly as it was.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateIdentity, identityToRecipient } from "age-encryption";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "../../scripts/backup/manifest.ts";
import type { Project } from "../../scripts/backup/target.ts";
import { sql as sourceSql } from "../support/database.ts";
import { testEnv } from "../support/env.ts";
import { addActivity, memberPassword, type Activity } from "./activity.ts";
import { cutShort, decryptBackup, hostedEnv, readState, rewriteBackup, runScript, tableRows, type State, withoutScheduledWork } from "./project.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const targetOffset = Number(process.env.BACKUP_TEST_PORT_OFFSET ?? 150);
const workDir = path.join(root, ".local", "backup-test");

const source: Project = {
  databaseUrl: testEnv.databaseUrl,
  supabaseUrl: testEnv.supabaseUrl.replace(/\/$/, ""),
  serviceKey: process.env.SUPABASE_SECRET_KEY || process.env.SUPABASE_SERVICE_ROLE_KEY!,
  label: "source",
};
let target: Project & { anonKey: string };
let stopTarget: (() => Promise<void>) | undefined;
let activity: Activity;
let identity: string;
/** The encrypted backup, and the same one decrypted (the tar.gz an unencrypted backup is). */
let backup: string;
let plainBackup: string;
let manifest: Manifest;

async function startEmptyTarget(): Promise<void> {
  // local-stack/src/config.ts reads the offset when it is first imported: here, in this file's own module graph.
  process.env.LOCAL_STACK_PORT_OFFSET = String(targetOffset);
  const { startStack } = await import("../../local-stack/src/index.ts");
  const lines: string[] = [];
  const stack = await startStack({
    dataDir: path.join(workDir, "target-data"),
    fresh: true,
    seed: false,
    site: false,
    // A restored project runs no jobs until its cron is set up: the refusals below find it exactly as they left it.
    schedule: false,
    log: (line) => lines.push(line),
  }).catch((error: Error) => {
    throw new Error(`the empty target stack did not start: ${error.message}\n${lines.join("\n")}`);
  });
  stopTarget = stack.stop;
  target = {
    databaseUrl: stack.env.DATABASE_URL,
    supabaseUrl: stack.env.SUPABASE_URL,
    serviceKey: stack.env.SUPABASE_SERVICE_ROLE_KEY,
    anonKey: stack.env.SUPABASE_ANON_KEY,
    label: "target",
  };
}

const restore = (file: string, ...flags: string[]) =>
  runScript("restore", [...flags, "--db-url", target.databaseUrl, file], {
    ...hostedEnv(target, "SUPABASE_SERVICE_ROLE_KEY"),
    ARCHIVE_BACKUP_IDENTITY: identity,
  });

/** A refusal: exit code 1, the message, and the target exactly as it was. */
async function expectRefusal(file: string, message: RegExp, flags: string[] = []): Promise<void> {
  const before = await readState(target);
  const run = await restore(file, ...flags);
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).toMatch(/Nothing was changed\./);
  expect(await readState(target)).toEqual(before);
}

beforeAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
  await fs.mkdir(workDir, { recursive: true });
  identity = await generateIdentity();
  const starting = startEmptyTarget();
  activity = await addActivity();

  const run = await runScript("backup", ["--db-url", source.databaseUrl, "--out", `${workDir}/`], {
    ...hostedEnv(source, process.env.SUPABASE_SECRET_KEY ? "SUPABASE_SECRET_KEY" : "SUPABASE_SERVICE_ROLE_KEY"),
    ARCHIVE_BACKUP_RECIPIENT: await identityToRecipient(identity),
  });
  expect(run.code, run.stderr).toBe(0);
  backup = run.stdout.trim().split("\n").at(-1)!;
  expect(path.basename(backup)).toMatch(/^archive-backup-\d{8}T\d{6}Z\.tar\.gz\.age$/);
  plainBackup = path.join(workDir, "plain.tar.gz");
  await decryptBackup(backup, identity, plainBackup);
  await rewriteBackup(plainBackup, path.join(workDir, "unchanged.tar.gz"), (name, bytes) => {
    if (name === "manifest.json") manifest = JSON.parse(bytes.toString("utf8")) as Manifest;
    return bytes;
  });
  await starting;
}, 240_000);

afterAll(async () => {
  await stopTarget?.();
  await fs.rm(workDir, { recursive: true, force: true });
});

describe("npm run backup", () => {
  it("writes one encrypted file holding every table, the accounts and every object, and records itself", async () => {
    expect((await fs.readFile(backup)).subarray(0, 22).toString()).toBe("age-encryption.org/v1\n");
    const tables = manifest.tables.map((t) => `${t.schema}.${t.name}`);
    for (const table of ["auth.users", "auth.identities", "public.posts", "public.hidden_revision_content", "private.post_cards", "private.source_jobs"]) {
      expect(tables).toContain(table);
    }
    const [{ newest }] = await sourceSql<{ newest: string }[]>`select max(version) as newest from supabase_migrations.schema_migrations`;
    expect(manifest.migration?.version).toBe(newest);
    const [post] = await sourceSql<{ object_path: string }[]>`select object_path from public.post_media where post_id = ${activity.postId} limit 1`;
    expect(manifest.objects.map((o) => o.name)).toContain(post!.object_path);

    // Its own row in the source (after its snapshot, so not in the backup): checked, then taken out again.
    const recorded = await sourceSql<{ bytes: string; sha256: string; encrypted: boolean; tables: number; objects: number }[]>`
      delete from private.backups where file_name = ${path.basename(backup)} returning bytes::text, sha256, encrypted, tables, objects`;
    const { size } = await fs.stat(backup);
    expect(recorded).toEqual([
      { bytes: String(size), sha256: expect.stringMatching(/^[0-9a-f]{64}$/), encrypted: true, tables: manifest.tables.length, objects: manifest.objects.length },
    ]);
  });
});

describe("npm run restore refuses, and leaves the target as it was", () => {
  it("a file cut short", async () => {
    const cut = path.join(workDir, "cut.tar.gz.age");
    await cutShort(backup, cut, 0.6);
    await expectRefusal(cut, /refused: the backup file is damaged or cut short/);
  });

  it("a file whose object was changed", async () => {
    const changed = path.join(workDir, "changed-object.tar.gz");
    await rewriteBackup(plainBackup, changed, (name, bytes) => {
      if (name !== manifest.objects[0]!.entry) return bytes;
      const copy = Buffer.from(bytes);
      copy[copy.length >> 1] ^= 0xff;
      return copy;
    });
    await expectRefusal(changed, new RegExp(`the object media/${manifest.objects[0]!.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} does not match its SHA-256`));
  });

  it("a backup taken at a later migration than this code knows", async () => {
    const later = path.join(workDir, "later.tar.gz");
    await rewriteBackup(plainBackup, later, (name, bytes) => {
      if (name !== "manifest.json") return bytes;
      return Buffer.from(JSON.stringify({ ...manifest, migration: { version: "99991231000000", name: "from_the_future" } }));
    });
    await expectRefusal(later, /taken at migration 99991231000000 \(from_the_future\), later than the newest this code knows/);
  });
});

describe("npm run restore into the empty stack", () => {
  let sourceState: State;

  it("restores every table's rows (ids included) and every object's bytes, and checks them itself", async () => {
    const run = await restore(backup);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/every count and checksum matches the backup/);

    // The source keeps running its jobs (followers told, e-mails sent): those tables are compared with the backup by
    // the restore's own checksums above, not with the source as it is now.
    sourceState = withoutScheduledWork(await readState(source));
    const targetState = withoutScheduledWork(await readState(target));
    const differing = Object.keys(sourceState.tables).filter((t) => JSON.stringify(sourceState.tables[t]) !== JSON.stringify(targetState.tables[t]));
    // On a difference, the rows themselves: what differs is in the diff.
    for (const table of differing) expect(await tableRows(target, table), table).toEqual(await tableRows(source, table));
    expect(targetState.tables).toEqual(sourceState.tables);
    expect(targetState.objects).toEqual(sourceState.objects);
    expect(Object.keys(targetState.objects).length).toBe(manifest.objects.length);
  });

  it("answers the public API as the source does", async () => {
    const answer = async (project: Project, route: string) => {
      const response = await fetch(`${project.supabaseUrl}/functions/v1/api${route}`);
      expect(response.status, route).toBe(200);
      return await response.json();
    };
    for (const route of ["/posts", "/timeline", `/posts/${activity.postId}`, `/posts/${activity.postId}/comments`, `/posts/${activity.citingPostId}`]) {
      expect(await answer(target, route), route).toEqual(await answer(source, route));
    }
  });

  it("lets a member and an admin sign in with their own passwords, as what they were", async () => {
    const signIn = async (email: string) => {
      const response = await fetch(`${target.supabaseUrl}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { apikey: target.anonKey, "content-type": "application/json", "x-forwarded-for": "198.51.100.51" },
        body: JSON.stringify({ email, password: memberPassword }),
      });
      expect(response.status, email).toBe(200);
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const asUser = (token: string, route: string) =>
      fetch(`${target.supabaseUrl}/functions/v1/api${route}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    const member = await signIn(activity.member.email);
    const admin = await signIn(activity.admin.email);
    expect(await asUser(member, `/role?uid=${activity.member.id}`)).toMatchObject({ role: "user" });
    expect(await asUser(admin, `/role?uid=${activity.admin.id}`)).toMatchObject({ role: "admin" });
  });

  it("refuses to restore again over the posts it brought back, unless --replace --yes", async () => {
    await expectRefusal(backup, /the target already holds \d+ posts.*add --replace/s);
    await expectRefusal(backup, /there is no terminal to ask: add --yes/, ["--replace"]);
    const sql = postgres(target.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      // A post added on the target goes with --replace --yes: the target is the backup again.
      await sql`insert into public.posts (author_id, title, excerpt, content, post_type, status)
                values (${activity.member.id}, 'Only on the target', 'Gone after --replace', 'x', 'discussion', 'approved')`;
    } finally {
      await sql.end({ timeout: 5 });
    }
    const run = await restore(backup, "--replace", "--yes");
    expect(run.code, run.stderr).toBe(0);
    expect(withoutScheduledWork(await readState(target)).tables).toEqual(sourceState.tables);
  });
});
