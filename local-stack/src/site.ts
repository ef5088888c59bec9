/** The SPA's Vite dev server, pointed at the local stack and proxying /api and /images to it. */
import { existsSync } from "node:fs";
import path from "node:path";
import { ports, repoRoot, siteUrl, supabaseUrl, type Log } from "./config.ts";
import { answersHttp, waitFor } from "./ports.ts";
import { startProcess, type ManagedProcess } from "./processes.ts";

export async function startSite({ anonKey, log }: { anonKey: string; log: Log }): Promise<ManagedProcess | undefined> {
  if (!existsSync(path.join(repoRoot, "web", "vite.config.ts"))) {
    log("web/vite.config.ts does not exist yet: the site is not started");
    return undefined;
  }
  const vite = startProcess("site", "npm", ["run", "dev", "-w", "web", "--", "--port", String(ports.site), "--strictPort"], {
    cwd: repoRoot,
    log,
    env: {
      ...process.env,
      VITE_SUPABASE_URL: supabaseUrl,
      VITE_SUPABASE_ANON_KEY: anonKey,
      API_PROXY_TARGET: `${supabaseUrl}/functions/v1`,
      IMAGES_PROXY_TARGET: `${supabaseUrl}/storage/v1/object/public/media`,
      // A second stack's dev server must not share the first one's dependency cache.
      VITE_CACHE_DIR: path.join(repoRoot, "node_modules", ".vite", `site-${ports.site}`),
    },
  });
  try {
    await waitFor("the site (Vite)", () => answersHttp(siteUrl), 60_000, () => vite.exitReason());
  } catch (error) {
    await vite.stop();
    throw error;
  }
  return vite;
}
