/**
 * The SPA, pointed at the local stack and proxying /api, /images and
 * /renditions to it:
 * Vite's dev server for `npm start`, or the production build served by
 * `vite preview` for the tests (what a static host serves: bundled chunks,
 * dist/_headers with its CSP; a browser loads a page from a dozen files instead
 * of the dev server's hundreds of modules).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { ports, repoRoot, siteUrl, supabaseUrl, type Log } from "./config.ts";
import { answersHttp, waitFor } from "./ports.ts";
import { runToEnd, startProcess, type ManagedProcess } from "./processes.ts";

export type SiteMode = "dev" | "build";

export async function startSite({
  anonKey,
  mode,
  dataDir,
  log,
}: {
  anonKey: string;
  mode: SiteMode;
  /** Where the build goes (mode "build"): `<dataDir>/site`. */
  dataDir: string;
  log: Log;
}): Promise<ManagedProcess | undefined> {
  if (!existsSync(path.join(repoRoot, "web", "vite.config.ts"))) {
    log("web/vite.config.ts does not exist yet: the site is not started");
    return undefined;
  }
  const env = {
    ...process.env,
    VITE_SUPABASE_URL: supabaseUrl,
    VITE_SUPABASE_ANON_KEY: anonKey,
    API_PROXY_TARGET: `${supabaseUrl}/functions/v1`,
    IMAGES_PROXY_TARGET: `${supabaseUrl}/storage/v1/object/public/media`,
    RENDITIONS_PROXY_TARGET: `${supabaseUrl}/storage/v1/render/image/public/media`,
    // The site's own origin, for the absolute links it writes (robots.txt's sitemap).
    SITE_URL: siteUrl,
    // A second stack's dev server must not share the first one's dependency cache.
    VITE_CACHE_DIR: path.join(repoRoot, "node_modules", ".vite", `site-${ports.site}`),
  };
  const port = ["--port", String(ports.site), "--strictPort"];
  let vite: ManagedProcess;
  if (mode === "build") {
    const outDir = path.join(dataDir, "site");
    log(`building the site into ${outDir}`);
    const build = await runToEnd("npx", ["vite", "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], { cwd: path.join(repoRoot, "web"), env });
    if (build.code !== 0) throw new Error(`vite build failed (exit ${build.code}):\n${build.output}`);
    vite = startProcess("site", "npx", ["vite", "preview", "--outDir", outDir, ...port], { cwd: path.join(repoRoot, "web"), log, env });
  } else {
    vite = startProcess("site", "npm", ["run", "dev", "-w", "web", "--", ...port], { cwd: repoRoot, log, env });
  }
  try {
    await waitFor("the site (Vite)", () => answersHttp(siteUrl), 60_000, () => vite.exitReason());
  } catch (error) {
    await vite.stop();
    throw error;
  }
  return vite;
}
