/**
 * `npm run bench:upload`: the api function's peak memory while it takes the
 * largest post it allows (10 files at the largest per-type limit, 50 MB
 * videos: 500 MB), against the local stack. A hosted function is stopped at
 * 256 MB, so the function must pass files on, not hold them: the target is a
 * peak RSS growth under 100 MB (a hosted function has 256 MB). Exits non-zero when missed.
 *
 * The function is the process listening on the stack's function port
 * (54331 + LOCAL_STACK_PORT_OFFSET); its VmRSS is sampled from /proc every
 * 20 ms, and its VmHWM (peak) is reset first where the kernel allows.
 * Options: --files <n> (10), --file-mb <size of each> (50).
 * Environment: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, DATABASE_URL (defaults: the local stack).
 */
import { execFileSync } from "node:child_process";
import http from "node:http";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { ports } from "../local-stack/src/config.ts";
import { memoryOf, pidListeningOn, resetPeak } from "./function-process.ts";

const { values: args } = parseArgs({
  options: { files: { type: "string", default: "10" }, "file-mb": { type: "string", default: "50" } },
});
const mb = 1024 * 1024;
const files = Number(args.files);
const fileBytes = Number(args["file-mb"]) * mb;
const targetGrowth = 100 * mb;

function stackEnv(): Record<string, string> {
  if (process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY && process.env.SUPABASE_SERVICE_ROLE_KEY && process.env.DATABASE_URL) {
    return process.env as Record<string, string>;
  }
  const text = execFileSync("npx", ["tsx", "local-stack/src/cli.ts", "env"], { encoding: "utf8" });
  return Object.fromEntries(text.trim().split("\n").map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
}
const env = stackEnv();
const supabaseUrl = env.SUPABASE_URL!.replace(/\/$/, "");
const sql = postgres(env.DATABASE_URL!, { max: 1, onnotice: () => {} });

/**
 * An admin (no posting cooldown, and may delete the post afterwards) with a
 * real access token: created confirmed through Auth's admin API (the project
 * confirms sign-ups by e-mail), then signed in with its password.
 */
async function benchAdmin(): Promise<string> {
  const email = `bench-upload-${Date.now()}@bench.example.com`;
  const service = env.SUPABASE_SERVICE_ROLE_KEY!;
  const created = await fetch(`${supabaseUrl}/auth/v1/admin/users`, {
    method: "POST",
    headers: { apikey: service, authorization: `Bearer ${service}`, "content-type": "application/json" },
    body: JSON.stringify({
      email, password: "bench-password", email_confirm: true,
      user_metadata: { first_name: "Bench", last_name: "Upload", adult_confirmed: true },
    }),
  });
  if (!created.ok) throw new Error(`creating the bench admin failed: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  await sql`insert into public.user_roles (user_id, role) values (${id}, 'admin')`;
  const signedIn = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: env.SUPABASE_ANON_KEY!, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password" }),
  });
  if (!signedIn.ok) throw new Error(`signing in the bench admin failed: ${signedIn.status} ${await signedIn.text()}`);
  return ((await signedIn.json()) as { access_token: string }).access_token;
}

/** The bytes of a `size`-byte MP4: its ftyp box (what makes it an MP4), then zeros. */
function* mp4Chunks(size: number): Generator<Uint8Array> {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2")]);
  yield head;
  const zeros = Buffer.alloc(mb);
  for (let left = size - head.length; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
}

/** A multipart body as the SPA sends it (text fields, then the files), generated as it is sent. */
function postBody(fileCount: number, size: number) {
  const boundary = `----bench${Date.now()}`;
  const fields = { title: "Upload benchmark", excerpt: "Ten videos at the limit", content: "Bench.", postType: "discussion", isNSFW: "0" };
  const text = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const fileHead = (i: number) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="media"; filename="clip-${i}.mp4"\r\ncontent-type: video/mp4\r\n\r\n`;
  const end = `--${boundary}--\r\n`;
  let length = Buffer.byteLength(text) + Buffer.byteLength(end);
  for (let i = 0; i < fileCount; i++) length += Buffer.byteLength(fileHead(i)) + size + 2;
  function* chunks(): Generator<Uint8Array> {
    yield Buffer.from(text);
    for (let i = 0; i < fileCount; i++) {
      yield Buffer.from(fileHead(i));
      yield* mp4Chunks(size);
      yield Buffer.from("\r\n");
    }
    yield Buffer.from(end);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, chunks };
}

/** POSTs the body with backpressure; resolves with the status and answer. */
function send(token: string, body: ReturnType<typeof postBody>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${supabaseUrl}/functions/v1/api/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": body.contentType, "content-length": body.length },
    }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    const chunks = body.chunks();
    const write = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (!req.write(next.value)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

async function deletePost(token: string, answer: string) {
  const id = (JSON.parse(answer) as { id?: number }).id;
  if (!id) return;
  await fetch(`${supabaseUrl}/functions/v1/api/posts/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
}

const pid = Number(process.env.API_FUNCTION_PID) || pidListeningOn(ports.function);
const token = await benchAdmin();

// Warm-up: the first upload loads the code paths (and Deno compiles them); not the steady state.
const warm = await send(token, postBody(1, mb));
if (warm.status !== 201) throw new Error(`warm-up post failed: ${warm.status} ${warm.text}`);
await deletePost(token, warm.text);
await new Promise((resolve) => setTimeout(resolve, 1000));

const before = memoryOf(pid);
const peakReset = resetPeak(pid);
let highest = before.rss;
const sampler = setInterval(() => {
  highest = Math.max(highest, memoryOf(pid).rss);
}, 20);
const body = postBody(files, fileBytes);
const started = performance.now();
const result = await send(token, body);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const after = memoryOf(pid);
if (peakReset) highest = Math.max(highest, after.peak);
await deletePost(token, result.text);
await sql.end();

const growth = highest - before.rss;
const fmt = (bytes: number) => `${(bytes / mb).toFixed(1)} MB`;
console.log(`api function pid ${pid}: POST /api/posts with ${files} files of ${fmt(fileBytes)} (body ${fmt(body.length)}) → ${result.status} in ${seconds.toFixed(1)} s`);
console.log(`RSS before ${fmt(before.rss)}, peak ${fmt(highest)} (${peakReset ? "VmHWM and 20 ms samples" : "20 ms samples"}), after ${fmt(after.rss)}`);
console.log(`peak RSS growth: ${fmt(growth)} (target: under ${fmt(targetGrowth)})`);
if (result.status !== 201) {
  console.error(`the upload was refused: ${result.text}`);
  process.exit(1);
}
if (growth >= targetGrowth) {
  console.error("✗ over the target");
  process.exit(1);
}
