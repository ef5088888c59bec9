import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import type { HtmlTagDescriptor, Plugin } from "vite";
import type { EarlyRequestOptions, LandingRoute, RouteChunks } from "../src/app/early-requests.ts";
import { earlyRequestsAttribute } from "../host/first-screen.ts";
import { withScriptBeforeStylesheets } from "./inline-script.ts";

/** Where in the client's build each landing page's own chunks are listed, for the server's build. */
export const landingChunksFile = ".vite/landing-chunks.json";

const webRoot = fileURLToPath(new URL("..", import.meta.url));

type OutputChunk = {
  type: "chunk";
  fileName: string;
  facadeModuleId: string | null;
  moduleIds?: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type OutputBundle = Record<string, OutputChunk | { type: "asset"; fileName: string }>;

/**
 * The inline script: src/app/early-requests.ts (the fetchers' own address
 * builders, imageSources for a post's first image) bundled into one ES2017
 * function that starts the page's first requests. ES2017 is what every
 * browser that runs our module bundle runs.
 */
export function earlyRequestsScript(options: EarlyRequestOptions): string {
  const { outputFiles } = buildSync({
    stdin: {
      contents: `import { startEarlyRequests } from "./src/app/early-requests.ts";\nstartEarlyRequests(${JSON.stringify(options)});`,
      resolveDir: webRoot,
      loader: "ts",
    },
    tsconfig: `${webRoot}tsconfig.json`,
    bundle: true,
    write: false,
    format: "iife",
    target: "es2017",
    minify: true,
    legalComments: "none",
  });
  return outputFiles[0].text.trim();
}

export type FirstRequestsOptions = Omit<EarlyRequestOptions, "routeChunks"> & {
  /** Modules (paths from the web folder) whose chunks every page needs: linked from index.html. */
  always: string[];
  /** Each landing page's route module: its chunks are preloaded when the page opens at its path. */
  routes: Partial<Record<LandingRoute, string>>;
  /** Modules loaded lazily that a server-rendered first screen shows (the markdown renderer): their stylesheets are linked with the page's. */
  lazyOnFirstScreen?: string[];
};

/**
 * index.html's first requests, in one inline script placed before the
 * stylesheets (so it does not wait for them), in development and in the build
 * (where the CSP hashes it, see security-headers.ts): a visitor's first data
 * requests and, in the build, the landing page's chunks. The entry loads the
 * app, and the router a lazy route, with dynamic imports: without help the
 * browser learns about those chunks one level at a time (entry → app →
 * route), a round trip each. So the build also names the app's chunks with
 * `modulepreload` links (and `preload` for their CSS, which Vite's helper
 * applies when the chunk loads, so it never blocks the first paint). The
 * browser fetches each file once.
 */
export function firstRequests({ always, routes, lazyOnFirstScreen = [], ...options }: FirstRequestsOptions): Plugin {
  let root = process.cwd();
  let outDir = "dist";
  let landingChunks: Partial<Record<LandingRoute, RouteChunks>> | undefined;
  return {
    name: "first-requests",
    // index.html is the client's: the server's build (the ssr environment) reads what this one wrote.
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // The server's first screens link their route's stylesheets (src/entry-server.tsx reads this file through virtual:landing-chunks).
    writeBundle() {
      if (!landingChunks) return;
      fs.mkdirSync(path.join(outDir, ".vite"), { recursive: true });
      fs.writeFileSync(path.join(outDir, landingChunksFile), JSON.stringify(landingChunks));
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle as unknown as OutputBundle | undefined;
        if (!bundle) return withScriptBeforeStylesheets(html, earlyRequestsScript(options), earlyRequestsAttribute);
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
        const entry = chunks.find((chunk) => chunk.facadeModuleId && context.chunk?.fileName === chunk.fileName);

        /** The files of a module's chunk and of everything it imports statically, minus what the entry already loads. */
        const filesOf = (modulePath: string): RouteChunks => {
          const id = path.resolve(root, modulePath);
          // A module shared by two lazy parents may sit in a chunk named after neither.
          const start = chunks.find((chunk) => chunk.facadeModuleId === id) ?? chunks.find((chunk) => chunk.moduleIds?.includes(id));
          if (!start) throw new Error(`first-requests: no chunk for ${modulePath}`);
          const scripts = new Set<string>();
          const styles = new Set<string>();
          const skip = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
          const visit = (fileName: string) => {
            if (scripts.has(fileName) || skip.has(fileName)) return;
            const chunk = bundle[fileName] as OutputChunk | undefined;
            if (!chunk || chunk.type !== "chunk") return;
            scripts.add(fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
            chunk.imports.forEach(visit);
          };
          visit(start.fileName);
          return { scripts: [...scripts], styles: [...styles] };
        };

        const tags: HtmlTagDescriptor[] = [];
        for (const modulePath of always) {
          const { scripts, styles } = filesOf(modulePath);
          for (const file of styles) tags.push({ tag: "link", attrs: { rel: "preload", as: "style", crossorigin: true, href: `/${file}` }, injectTo: "head" });
          for (const file of scripts) tags.push({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` }, injectTo: "head" });
        }
        const alwaysFiles = new Set(always.flatMap((modulePath) => Object.values(filesOf(modulePath)).flat()));
        const routeChunks = Object.fromEntries(
          Object.entries(routes).map(([route, modulePath]) => {
            const { scripts, styles } = filesOf(modulePath);
            return [route, { scripts: scripts.filter((file) => !alwaysFiles.has(file)), styles: styles.filter((file) => !alwaysFiles.has(file)) }];
          }),
        );
        // A server-rendered page needs every stylesheet of its first screen at once: the app's (only preloaded here) and its route's.
        const alwaysStyles = [...always, ...lazyOnFirstScreen].flatMap((modulePath) => filesOf(modulePath).styles);
        // Home is in the app's own chunks (no route chunk of its own).
        landingChunks = Object.fromEntries(
          Object.entries({ home: { scripts: [], styles: [] }, ...routeChunks }).map(([route, chunks]) => [
            route,
            { scripts: chunks.scripts, styles: [...new Set([...alwaysStyles, ...chunks.styles])] },
          ]),
        );
        return { html: withScriptBeforeStylesheets(html, earlyRequestsScript({ ...options, routeChunks }), earlyRequestsAttribute), tags };
      },
    },
  };
}
