import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin, ResolvedConfig } from "vite";

/** One block of a `_headers` file: a path pattern and the headers sent for paths it matches. */
export type HeaderRule = { pattern: string; headers: [name: string, value: string][] };

/**
 * Parses the `_headers` format of Netlify and Cloudflare Pages: a path pattern
 * at the start of a line, then its headers indented below it, `#` comments.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const match = line.trim().match(/^([A-Za-z0-9-]+):\s*(.*)$/);
    const rule = rules.at(-1);
    if (!match || !rule) throw new Error(`_headers line ${index + 1} is neither a path nor "Name: value": ${line.trim()}`);
    rule.headers.push([match[1], match[2].trim()]);
  }
  return rules;
}

function patternMatches(pattern: string, pathname: string): boolean {
  // As the hosts read patterns: `*` is any rest of the path, `:name` one segment.
  const source = pattern
    .split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`).test(pathname);
}

/**
 * The headers a path gets: those of every matching rule, in file order; a
 * header named by several rules is sent once with the values joined by ", ",
 * as Netlify and Cloudflare Pages do.
 */
export function headersForPath(rules: readonly HeaderRule[], pathname: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      headers.set(key, headers.has(key) ? `${headers.get(key)}, ${value}` : value);
    }
  }
  return headers;
}

/** `'sha256-…'` of each inline classic script of an HTML page, for `script-src`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes) || !body.trim()) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/**
 * The sources posthog-js needs for this configuration (see src/lib/analytics.ts):
 * none without a key. On PostHog Cloud it sends to `<region>.i.posthog.com` and
 * loads its remote config and extensions from `<region>-assets.i.posthog.com`,
 * so PostHog's CSP guide names `https://*.posthog.com`; behind a reverse proxy
 * both go to the configured host.
 */
export function analyticsSources(env: Record<string, string | undefined>): string[] {
  if (!env.VITE_POSTHOG_KEY?.trim()) return [];
  // The same default as src/config/env.ts.
  const host = env.VITE_POSTHOG_HOST?.trim() || "https://us.i.posthog.com";
  if (!URL.canParse(host)) throw new Error(`VITE_POSTHOG_HOST is not a URL: ${host}`);
  const url = new URL(host);
  return url.protocol === "https:" && /(^|\.)posthog\.com$/.test(url.hostname) ? ["https://*.posthog.com"] : [url.origin];
}

export type TemplateValues = { inlineScripts: string[]; supabase: string[]; analytics: string[] };

/** The `_headers` file: the template with its {{...}} values filled in and the gaps they leave closed up. */
export function renderHeaders(template: string, values: TemplateValues): string {
  const names: Record<string, keyof TemplateValues> = { INLINE_SCRIPTS: "inlineScripts", SUPABASE: "supabase", ANALYTICS: "analytics" };
  return template
    .split("\n")
    .map((line) => {
      // Comments keep their {{...}} names: they document the template.
      if (!/^\s/.test(line) || line.trim().startsWith("#")) return line;
      return line
        .replace(/\{\{([A-Z_]+)\}\}/g, (_match, name: string) => {
          if (!names[name]) throw new Error(`_headers template: unknown value {{${name}}}`);
          return values[names[name]].join(" ");
        })
        .replace(/(\S) {2,}/g, "$1 ")
        .replace(/ +;/g, ";")
        .trimEnd();
    })
    .join("\n");
}

export type SecurityHeadersOptions = {
  /** The `_headers` template, relative to the Vite root. */
  template: string;
};

/**
 * The static host's security headers (CSP and the usual others) come from
 * one template. `vite build` fills it with what this build
 * needs (hashes of index.html's inline scripts, the Supabase URL Auth is
 * called on, the analytics host when there is a key) and writes
 * dist/_headers; `vite preview` sends, for each request, exactly the headers
 * that file gives its path, so Lighthouse and the end-to-end tests run under
 * the policy a visitor gets. The dev server sends none: its HMR client and
 * React Refresh preamble need inline scripts, eval and a WebSocket that
 * production must not allow.
 */
export function securityHeaders({ template }: SecurityHeadersOptions): Plugin {
  let config: ResolvedConfig;
  const headersFile = () => path.resolve(config.root, config.build.outDir, "_headers");
  return {
    name: "security-headers",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const page = bundle["index.html"];
        if (!page || page.type !== "asset") this.error("security-headers: the build emitted no index.html");
        const html = typeof page.source === "string" ? page.source : new TextDecoder().decode(page.source);
        const supabaseUrl = config.env.VITE_SUPABASE_URL?.trim();
        if (!supabaseUrl || !URL.canParse(supabaseUrl)) {
          this.warn("VITE_SUPABASE_URL is not set: the CSP allows no Auth server (the site will not start anyway)");
        }
        const text = renderHeaders(fs.readFileSync(path.resolve(config.root, template), "utf8"), {
          inlineScripts: inlineScriptHashes(html),
          supabase: supabaseUrl && URL.canParse(supabaseUrl) ? [new URL(supabaseUrl).origin] : [],
          analytics: analyticsSources(config.env),
        });
        parseHeadersFile(text);
        this.emitFile({ type: "asset", fileName: "_headers", source: text });
      },
    },
    configurePreviewServer(server) {
      const file = headersFile();
      if (!fs.existsSync(file)) {
        config.logger.warn(`security-headers: ${file} does not exist; preview sends no security headers (run vite build)`);
      }
      // Read again whenever a build rewrites the file: the preview serves the new build's files from disk at once
      // (sirv in dev mode), and with the old file's script hashes the new index.html's inline script would be blocked.
      let read: { modified: number; rules: ReturnType<typeof parseHeadersFile> } | undefined;
      const currentRules = () => {
        const modified = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
        if (modified === undefined) return [];
        if (read?.modified !== modified) read = { modified, rules: parseHeadersFile(fs.readFileSync(file, "utf8")) };
        return read.rules;
      };
      // Added before Vite's own middlewares, so static files, the SPA fallback and the proxied /api and /images all get them.
      server.middlewares.use((request, response, next) => {
        const pathname = new URL(request.url ?? "/", "http://preview").pathname;
        for (const [name, value] of headersForPath(currentRules(), pathname)) response.setHeader(name, value);
        next();
      });
    },
  };
}
