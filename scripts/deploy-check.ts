/**
 * `npm run deploy:check`: what can be checked before deploying, offline, and
 * what is left to do. Reads the site's origin from SITE_URL and the build's
 * variables from the environment (or .env), like `npm run build -w web`.
 *
 *   SITE_URL=https://archive.example.org VITE_SUPABASE_URL=https://<ref>.supabase.co \
 *   VITE_SUPABASE_ANON_KEY=<publishable key> npm run deploy:check
 *
 * Checks: config.toml's site_url and redirect URLs are the site's origin; the
 * function type-checks and its imports resolve (what `functions deploy`
 * bundles); every migration applies to an empty database from scratch; the
 * build's variables are set. Exits 1 if any check fails.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const problems: string[] = [];
const ok = (line: string) => console.log(`  ✓ ${line}`);
const bad = (line: string) => {
  problems.push(line);
  console.log(`  ✗ ${line}`);
};

function dotEnv(): Record<string, string> {
  const file = path.join(root, ".env");
  if (!existsSync(file)) return {};
  const entries = readFileSync(file, "utf8").split("\n").map((line) => /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line)).filter(Boolean);
  return Object.fromEntries(entries.map((m) => [m![1]!, m![2]!.replace(/^["']|["']$/g, "")]));
}
const env = { ...dotEnv(), ...process.env } as Record<string, string | undefined>;

console.log("\nDeploy check\n");

// 1. Auth's URLs: the links in e-mails and redirects must lead to the site.
// config.toml's [auth] is for local development; a project's own values go
// in [remotes.<name>] (project_id = "<ref>"), which `config push` applies to
// that project (https://supabase.com/docs/guides/deployment/branching, "Configuration").
type AuthUrls = { site_url?: string; additional_redirect_urls?: string[] };
const config = parse(readFileSync(path.join(root, "supabase", "config.toml"), "utf8")) as {
  remotes?: Record<string, { project_id?: string; auth?: AuthUrls }>;
};
const siteUrl = env.SITE_URL?.replace(/\/$/, "");
if (!siteUrl) {
  bad("SITE_URL is not set: give the site's public origin, e.g. SITE_URL=https://archive.example.org");
} else {
  const origin = new URL(siteUrl).origin;
  const remotes = Object.entries(config.remotes ?? {});
  const remote = remotes.find(([, r]) => r.auth?.site_url?.replace(/\/$/, "") === origin);
  if (!remote) {
    bad(`no [remotes.<name>.auth] in supabase/config.toml has site_url = "${origin}" (see docs/deploy.md)`);
  } else {
    const [name, settings] = remote;
    ok(`[remotes.${name}] sets site_url ${origin}`);
    if (!settings.project_id || settings.project_id === "<ref>") bad(`[remotes.${name}] needs the project's ref as project_id`);
    else ok(`[remotes.${name}] is project ${settings.project_id}`);
    if ((settings.auth?.additional_redirect_urls ?? []).some((u) => u.startsWith(origin))) ok(`its additional_redirect_urls include ${origin}`);
    else bad(`add "${origin}/**" to [remotes.${name}.auth] additional_redirect_urls (password reset and account pages redirect there)`);
  }
}

// 2. The build's variables.
for (const name of ["VITE_SUPABASE_URL", "VITE_SUPABASE_ANON_KEY"]) {
  if (env[name]) ok(`${name} is set`);
  else bad(`${name} is missing: the site's build needs it (see .env.example)`);
}
if (env.VITE_SUPABASE_URL && /localhost|127\.0\.0\.1/.test(env.VITE_SUPABASE_URL)) bad("VITE_SUPABASE_URL points at this machine");

// 3. The function: what `supabase functions deploy` bundles must type-check and resolve.
const denoDir = path.join(root, ".local", "deno");
const check = spawnSync("npx", ["deno", "check", "--config", "supabase/functions/api/deno.json", "supabase/functions/api/index.ts"], {
  cwd: root,
  encoding: "utf8",
  env: { ...process.env, DENO_DIR: denoDir },
});
if (check.status === 0) ok("the api function type-checks and its imports resolve");
else bad(`the api function does not check:\n${check.stderr || check.stdout}`);

// 4. The migrations, from scratch, on a throwaway database (as `db push` to a new project).
process.env.LOCAL_STACK_PORT_OFFSET ??= "500";
const { startStack } = await import("../local-stack/src/index.ts");
try {
  const stack = await startStack({ dataDir: path.join(root, ".local", "deploy-check"), fresh: true, services: false, log: () => {} });
  await stack.stop();
  ok("every migration applies to an empty database");
} catch (error) {
  bad(`the migrations do not apply from scratch: ${error instanceof Error ? error.message : String(error)}`);
}

console.log(`
What is left to do (docs/deploy.md, "Deploy to a hosted Supabase project"):
  1. npm run supabase -- login                    (or export SUPABASE_ACCESS_TOKEN)
  2. npm run supabase -- link --project-ref <ref>
  3. npm run supabase -- db push --remote         (the migrations; not the demo seed)
  4. npm run supabase -- config push              (Auth: site URL, redirects, confirmations, rate limits, the 18+ hook)
  5. npm run supabase -- functions deploy api
  6. grant the first admin (SQL editor)
  7. npm run build -w web, upload web/dist with the rewrites and web/dist/_headers
`);
if (problems.length) {
  console.log(`✗ ${problems.length} problem(s) to fix first`);
  process.exit(1);
}
console.log("✓ ready to deploy");
