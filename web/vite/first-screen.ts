import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import { landingChunksFile } from "./first-requests.ts";

const virtualId = "virtual:landing-chunks";

/** What the server build exports, typed by its source (as web/host/server-entry.ts does). */
export type ServerEntry = typeof import("../src/entry-server.tsx");

/** Where the server build goes: beside the client's folder (web/dist-server for web/dist), so uploading the site uploads none of it. */
export const serverOutDir = (clientOutDir: string) => `${clientOutDir.replace(/[\\/]+$/, "")}-server`;

export const serverEntryPath = (clientOutDir: string) => path.join(serverOutDir(clientOutDir), "entry-server.js");

/**
 * The first screen's server build: `vite build` builds the client, then
 * (as the `ssr` environment, Vite's app builder) src/entry-server.tsx into
 * <outDir>-server/, one self-contained ES module for an edge runtime
 * (everything bundled, browser-style conditions). It reads the client's
 * landing chunks (virtual:landing-chunks) so a page links its stylesheets.
 */
export function firstScreenBuild(): Plugin {
  let clientOutDir = "dist";
  return {
    name: "first-screen-build",
    config(config) {
      clientOutDir = path.resolve(config.root ?? process.cwd(), config.build?.outDir ?? "dist");
      return {
        builder: {},
        ssr: { noExternal: true, target: "webworker" },
        environments: {
          ssr: {
            // A worker's builds of each package (an edge runtime's), never one that needs a DOM (the "browser" condition).
            resolve: { conditions: ["worker", "module", "import", "default"], externalConditions: ["worker"] },
            build: {
              outDir: serverOutDir(clientOutDir),
              emptyOutDir: true,
              manifest: false,
              sourcemap: false,
              copyPublicDir: false,
              rolldownOptions: { input: { "entry-server": path.resolve(config.root ?? process.cwd(), "src/entry-server.tsx") } },
            },
          },
        },
      };
    },
    ...landingChunksModule(() => clientOutDir),
  };
}

/** `virtual:landing-chunks`: what the client's build in `outDir()` wrote of its landing pages' chunks; none without a build. */
export function landingChunksModule(outDir: () => string): Pick<Plugin, "resolveId" | "load"> {
  return {
    resolveId(id) {
      return id === virtualId ? `\0${virtualId}` : undefined;
    },
    load(id) {
      if (id !== `\0${virtualId}`) return undefined;
      const file = path.join(outDir(), landingChunksFile);
      return `export default ${fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "{}"};`;
    },
  };
}

/** The server build of `clientOutDir`, or null when there is none (a build without it, or the dev server). */
export async function loadServerEntry(clientOutDir: string): Promise<ServerEntry | null> {
  const file = serverEntryPath(clientOutDir);
  if (!fs.existsSync(file)) return null;
  // Imported as it is (no cache-busting query): its chunks import it back by its plain address, and two copies would not share React contexts.
  return (await import(pathToFileURL(file).href)) as ServerEntry;
}
