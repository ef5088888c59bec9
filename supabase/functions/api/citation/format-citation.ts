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

const bibtexMonths = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * citation-js writes a dated entry's month as `month = {mar 2}`, which BibTeX
 * reads as no month: the month becomes its macro and the full day goes in
 * biblatex's `date`, which BibTeX styles ignore.
 */
function fixBibtexDate(bibtex: string, item: CslItem): string {
  const [[year, month, day]] = item.issued["date-parts"];
  const iso = [year, month, day].map((part, i) => String(part).padStart(i === 0 ? 4 : 2, "0")).join("-");
  return bibtex.replace(/^(\s*)month = \{[^}]*\},$/m, (_line, indent: string) => `${indent}month = ${bibtexMonths[month - 1]},\n${indent}date = {${iso}},`);
}

/** The citation of `item` in `format`, with the media type it is served as. */
export async function formatCitation(item: CslItem, format: CitationFormat): Promise<FormattedCitation> {
  if (format === "csl-json") {
    return { text: `${JSON.stringify([item], null, 2)}\n`, contentType: "application/vnd.citationstyles.csl+json" };
  }
  // A member's title is a sentence as written: CSL's nocase markup keeps MLA and Chicago from
  // title-casing it (and citation-js writes it as a braced, case-protected BibTeX title).
  const cite = new (await loadCite())({ ...item, title: `<span class="nocase">${item.title}</span>` });
  if (format === "bibtex") return { text: fixBibtexDate(cite.format("bibtex"), item), contentType: "application/x-bibtex; charset=utf-8" };
  const text: string = cite.format("bibliography", { format: "text", style: format, lang: "en-US" });
  return { text: `${text.trim()}\n`, contentType: "text/plain; charset=utf-8" };
}
