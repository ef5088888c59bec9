import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import type { HtmlTagDescriptor, Plugin } from "vite";
import type { EarlyRequestOptions, LandingRoute, RouteChunks } from "../src/app/early-requests.ts";
import { withScriptBeforeStylesheets } from "./inline-script.ts";

const webRoot = fileURLToPath(new URL("..", import.meta.url));

type OutputChunk = { type: "chunk"; fileName: string; facadeModuleId: string | null; imports: string[]; viteMetadata?: { importedCss: Set<string> } };
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
export function firstRequests({ always, routes, ...options }: FirstRequestsOptions): Plugin {
  let root = process.cwd();
  return {
    name: "first-requests",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle as unknown as OutputBundle | undefined;
        if (!bundle) return withScriptBeforeStylesheets(html, earlyRequestsScript(options));
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
        const entry = chunks.find((chunk) => chunk.facadeModuleId && context.chunk?.fileName === chunk.fileName);

        /** The files of a module's chunk and of everything it imports statically, minus what the entry already loads. */
        const filesOf = (modulePath: string): RouteChunks => {
          const id = path.resolve(root, modulePath);
          const start = chunks.find((chunk) => chunk.facadeModuleId === id);
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
        return { html: withScriptBeforeStylesheets(html, earlyRequestsScript({ ...options, routeChunks })), tags };
      },
    },
  };
}
