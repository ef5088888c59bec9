import type { CitationFormat } from "../../_shared/api/citations.ts";
import type { CslItem } from "./citation-item.ts";

export interface FormattedCitation {
  text: string;
  contentType: string;
}

/** The vendored CSL styles (styles/README.md) by the name the plugin knows them by; APA ships with the plugin. */
const vendoredStyles = {
  mla: "modern-language-association.csl",
  chicago: "chicago-author-date-access-dates.csl",
} as const;

// deno-lint-ignore no-explicit-any -- citation-js ships no types.
type CiteConstructor = new (data: unknown) => { format(format: string, options?: Record<string, unknown>): any };

let citeLoading: Promise<CiteConstructor> | undefined;

/**
 * citation-js with the CSL and BibTeX plugins and the vendored styles, loaded
 * on the first citation only: no other route pays for it.
 */
function loadCite(): Promise<CiteConstructor> {
  citeLoading ??= (async () => {
    const { Cite, plugins } = await import("@citation-js/core");
    await Promise.all([import("@citation-js/plugin-csl"), import("@citation-js/plugin-bibtex")]);
    const styles = plugins.config.get("@csl").styles;
    for (const [name, file] of Object.entries(vendoredStyles)) {
      styles.add(name, await Deno.readTextFile(new URL(`./styles/${file}`, import.meta.url)));
    }
    return Cite as CiteConstructor;
  })();
  // A failed load is tried again by the next request rather than remembered.
  citeLoading.catch(() => (citeLoading = undefined));
  return citeLoading;
}

/** The citation of `item` in `format`, with the media type it is served as. */
export async function formatCitation(item: CslItem, format: CitationFormat): Promise<FormattedCitation> {
  if (format === "csl-json") {
    return { text: `${JSON.stringify([item], null, 2)}\n`, contentType: "application/vnd.citationstyles.csl+json" };
  }
  const cite = new (await loadCite())(item);
  if (format === "bibtex") return { text: cite.format("bibtex"), contentType: "application/x-bibtex; charset=utf-8" };
  const text: string = cite.format("bibliography", { format: "text", style: format, lang: "en-US" });
  return { text: `${text.trim()}\n`, contentType: "text/plain; charset=utf-8" };
}
