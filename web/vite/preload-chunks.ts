import path from "node:path";
import type { HtmlTagDescriptor, Plugin } from "vite";
import { withScriptBeforeStylesheets } from "./inline-script.ts";

type OutputChunk = { type: "chunk"; fileName: string; facadeModuleId: string | null; imports: string[]; viteMetadata?: { importedCss: Set<string> } };
type OutputBundle = Record<string, OutputChunk | { type: "asset"; fileName: string }>;

export type PreloadChunksOptions = {
  /** Modules (paths from the web folder) whose chunks every page needs: linked from index.html. */
  always: string[];
  /** Path pattern (RegExp source) → route module: its chunks are preloaded when the page opens at such a path. */
  routes: Record<string, string>;
};

/**
 * The entry loads the app, and the router a lazy route, with dynamic imports:
 * without help the browser learns about those chunks one level at a time
 * (entry → app → route), a round trip each. This plugin lets the production
 * index.html name them at once: `modulepreload` links for the app's chunks
 * (and `preload` for their CSS, which Vite's helper applies when the chunk
 * loads, so it never blocks the first paint), and a small script that adds the
 * current route's chunks by path (before the stylesheets, so it does not wait
 * for them). The browser fetches each file once.
 */
export function preloadChunks({ always, routes }: PreloadChunksOptions): Plugin {
  let root = process.cwd();
  return {
    name: "preload-chunks",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle as unknown as OutputBundle | undefined;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
        const entry = chunks.find((chunk) => chunk.facadeModuleId && context.chunk?.fileName === chunk.fileName);

        /** The files of a module's chunk and of everything it imports statically, minus what the entry already loads. */
        const filesOf = (modulePath: string) => {
          const id = path.resolve(root, modulePath);
          const start = chunks.find((chunk) => chunk.facadeModuleId === id);
          if (!start) throw new Error(`preload-chunks: no chunk for ${modulePath}`);
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
        const routeFiles = Object.entries(routes).map(([pattern, modulePath]) => {
          const { scripts, styles } = filesOf(modulePath);
          return [pattern, scripts.filter((file) => !alwaysFiles.has(file)), styles.filter((file) => !alwaysFiles.has(file))] as const;
        });
        const routeScript = `(function(r){for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(location.pathname)){var l=function(rel,f,as){var e=document.createElement("link");e.rel=rel;if(as)e.as=as;e.crossOrigin="";e.href="/"+f;document.head.appendChild(e)};r[i][1].forEach(function(f){l("modulepreload",f)});r[i][2].forEach(function(f){l("preload",f,"style")});break}})(${JSON.stringify(routeFiles)})`;
        return { html: withScriptBeforeStylesheets(html, routeScript), tags };
      },
    },
  };
}
