/**
 * Hosted functions run on the Supabase edge runtime's Deno (2.1), not the one
 * the local stack installs. This type-checks the api function with that
 * version (from npm, cached in .local/edge-deno) and runs it against the
 * stack under test: one read, one signed-in write, one upload.
 *
 * Needs the stack's variables (SUPABASE_URL, SUPABASE_ANON_KEY,
 * SUPABASE_SERVICE_ROLE_KEY, DATABASE_URL), as `npm test` passes them.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createMember, postForm, validPostFields } from "../../tests/support/api.ts";
import { file, pngImage } from "../../tests/support/media-fixtures.ts";

/** The Deno of supabase/edge-runtime's Deno 2 line (https://github.com/supabase/edge-runtime/pull/592). */
export const edgeDenoVersion = "2.1.4";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const prefix = path.join(root, ".local", "edge-deno", edgeDenoVersion);
const deno = path.join(prefix, "node_modules", ".bin", "deno");
const port = 54391 + (Number(process.env.LOCAL_STACK_PORT_OFFSET) || 0);

function fail(message: string): never {
  console.error(`✗ ${message}`);
  process.exit(1);
}

if (!existsSync(deno)) {
  console.log(`installing deno@${edgeDenoVersion} from npm into ${path.relative(root, prefix)}`);
  const install = spawnSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", `deno@${edgeDenoVersion}`], { stdio: "inherit" });
  if (install.status !== 0) fail(`could not install deno@${edgeDenoVersion}`);
}
const denoEnv = {
  ...process.env,
  // Outside the repository: npm packages in a cache under it would resolve their
  // own requires against the repository's node_modules.
  DENO_DIR: path.join(os.tmpdir(), "community-archive-edge-deno-cache"),
  // Trust the machine's certificates as well (newer Deno reads SSL_CERT_FILE itself; 2.1 does not).
  DENO_TLS_CA_STORE: "system,mozilla",
  ...(process.env.SSL_CERT_FILE ? { DENO_CERT: process.env.SSL_CERT_FILE } : {}),
  DENO_NO_UPDATE_CHECK: "1",
  NO_COLOR: "1",
};
const version = spawnSync(deno, ["--version"], { encoding: "utf8", env: denoEnv }).stdout.split("\n")[0];
console.log(`checking the api function with ${version}`);

// Deno 2.1 cannot read the lockfile the stack's newer Deno writes (version 5): the
// import map pins every direct dependency's exact version, so this check resolves without it.
const config = ["--config", "supabase/functions/api/deno.json", "--no-lock"];
// `functions deploy` ships supabase/functions alone; here, Deno would find the
// repository's package.json and node_modules and resolve npm packages there.
const work = mkdtempSync(path.join(os.tmpdir(), "edge-deno-"));
cpSync(path.join(root, "supabase", "functions"), path.join(work, "supabase", "functions"), { recursive: true });
// The function on a port of our choosing (Deno 2.1 has no DENO_SERVE_ADDRESS).
writeFileSync(
  path.join(work, "serve.ts"),
  `import { app } from "./supabase/functions/api/app.ts";
Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen: () => console.log("listening") }, app.fetch);
`,
);
const check = spawnSync(deno, ["check", ...config, "supabase/functions/api/index.ts"], { cwd: work, stdio: "inherit", env: denoEnv });
if (check.status !== 0) fail(`the api function does not type-check on Deno ${edgeDenoVersion}`);

// A process group of its own: npm's `deno` is a launcher that starts the real
// binary as its child, and both must end with the check.
const fn = spawn(deno, ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-sys", ...config, "serve.ts"], {
  cwd: work,
  detached: true,
  env: {
    ...denoEnv,
    PORT: String(port),
    SUPABASE_DB_URL: process.env.DATABASE_URL,
    SUPABASE_INTERNAL_PUBLISHABLE_KEY: process.env.SUPABASE_PUBLISHABLE_KEY,
  },
  stdio: ["ignore", "pipe", "inherit"],
});
try {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the function did not start within 120 s")), 120_000);
    fn.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    fn.once("exit", (code) => reject(new Error(`the function exited with ${code}`)));
  }).catch((error: Error) => fail(error.message));

  const base = `http://127.0.0.1:${port}/api`;
  const read = await fetch(`${base}/posts`);
  if (read.status !== 200 || !Array.isArray(((await read.json()) as { posts?: unknown[] }).posts ?? [])) fail(`GET /api/posts answered ${read.status}`);
  console.log("  ✓ a visitor's read");

  const member = await createMember({ lastName: "edge-deno" });
  const [first] = ((await (await fetch(`${base}/posts/all?limit=1`)).json()) as { posts: { id: number }[] }).posts;
  const vote = await fetch(`${base}/posts/${first!.id}/vote`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
    body: JSON.stringify({ voteType: "up" }),
  });
  if (vote.status !== 200) fail(`a member's vote answered ${vote.status}: ${await vote.text()}`);
  console.log("  ✓ a member's write (vote)");

  const upload = await fetch(`${base}/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.token}` },
    body: postForm({ ...validPostFields, title: "Uploaded on the edge runtime's Deno" }, [file(pngImage(), "edge.png", "image/png")]),
  });
  if (upload.status !== 201) fail(`an upload answered ${upload.status}: ${await upload.text()}`);
  console.log("  ✓ an upload (a post with an image)");
  console.log(`✓ the api function works on Deno ${edgeDenoVersion}`);
} finally {
  // Not SIGTERM: Deno.serve would wait for this process's keep-alive connections to close.
  try {
    process.kill(-fn.pid!, "SIGKILL");
  } catch {
    // already gone
  }
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
