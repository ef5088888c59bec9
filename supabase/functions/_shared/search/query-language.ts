/**
 * The search query language (docs: the search contract), parsed the same way by the API and the SPA so the
 * filters the SPA lists are exactly the ones the API applies. Nothing here ever throws: whatever cannot be
 * read as a filter or an operator degrades to the words it holds.
 *
 *   word  "a phrase"  a OR b  -word  -"a phrase"
 *   author:name  author:"Hana Sato"  tag:live  type:event  from:2024-01-01  to:2024-12-31  has:sources  has:media
 *
 * Choices made where the contract is silent:
 * - A `-` before a known filter key (`-tag:live`) is ignored and the filter applies: filters only narrow.
 * - A token that splits into several words (`foo:bar`, `AC/DC`) gives several words, each its own clause;
 *   an OR joins only the word next to it. Excluded (`-AC/DC`), its words are excluded as one phrase, so only
 *   posts with those words together are left out.
 * - A filter token stands between terms: an OR next to it is ignored (`a OR tag:x b` = a AND b).
 * - Words keep their case as typed; the database folds case, accents and stems.
 */

export type SearchTerm = { kind: "word" | "phrase"; text: string };
/** A clause is one AND-ed part: any of its terms matches (OR); an excluded clause has exactly one term. */
export type SearchClause = { exclude: boolean; anyOf: SearchTerm[] };
export type SearchHas = "sources" | "media";
export type SearchFilters = { authors: string[]; tags: string[]; types: string[]; from?: string; to?: string; has: SearchHas[] };
export type SearchFilterKey = "author" | "tag" | "type" | "from" | "to" | "has";
/** Each filter token as typed, with its place in the text, so the UI can list and remove it. */
export type SearchToken = { key: SearchFilterKey; value: string; start: number; end: number; raw: string };
export type ParsedSearch = { clauses: SearchClause[]; filters: SearchFilters; tokens: SearchToken[] };

/** Caps on what one query may ask of the database, so no search text can grow its SQL without bound. */
export const SEARCH_MAX_CLAUSES = 32;
export const SEARCH_MAX_TERMS_PER_CLAUSE = 16;

/** Post types as the language (and the API's `type` parameter) accepts them. */
export const SEARCH_TYPE_PATTERN = /^[a-z_]{1,30}$/;

/** A real calendar day written YYYY-MM-DD (2024-02-29 yes, 2023-02-29 and 2024-02-30 no). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

export function emptySearchFilters(): SearchFilters {
  return { authors: [], tags: [], types: [], has: [] };
}

export function parseSearch(text: string): ParsedSearch {
  const items: Item[] = [];
  const tokens: SearchToken[] = [];
  const filters = emptySearchFilters();
  const length = text.length;
  let i = 0;
  while (i < length) {
    const char = text.charAt(i);
    if (isSpace(char)) {
      i++;
      continue;
    }
    const start = i;

    FILTER_START.lastIndex = i;
    const filter = FILTER_START.exec(text);
    if (filter) {
      const key = (filter[2] ?? "").toLowerCase() as SearchFilterKey;
      const valueStart = i + filter[0].length;
      let value: string;
      if (text.charAt(valueStart) === '"') {
        const close = text.indexOf('"', valueStart + 1);
        value = text.slice(valueStart + 1, close === -1 ? length : close);
        i = close === -1 ? length : close + 1;
      } else {
        i = bareTokenEnd(text, valueStart);
        value = text.slice(valueStart, i);
      }
      const valid = validFilterValue(key, value);
      if (valid === null) {
        // An invalid or empty value is searched as words; the key is dropped.
        for (const word of splitWords(value)) items.push({ kind: "term", exclude: false, term: { kind: "word", text: word } });
      } else {
        applyFilter(filters, key, valid);
        tokens.push({ key, value: valid, start, end: i, raw: text.slice(start, i) });
        items.push({ kind: "filter" });
      }
      continue;
    }

    let exclude = false;
    if (char === "-") {
      const next = text.charAt(i + 1);
      i++;
      if (next === "" || isSpace(next)) continue; // a lone "-" is nothing
      exclude = true;
    }

    if (text.charAt(i) === '"') {
      const close = text.indexOf('"', i + 1);
      const inner = text.slice(i + 1, close === -1 ? length : close);
      i = close === -1 ? length : close + 1;
      const phrase = inner.trim().replace(/\s+/g, " ");
      if (HAS_WORD_CHAR.test(phrase)) items.push({ kind: "term", exclude, term: { kind: "phrase", text: phrase } });
      continue;
    }

    const end = bareTokenEnd(text, i);
    const raw = text.slice(i, end);
    i = end;
    if (!exclude && raw === "OR") {
      items.push({ kind: "or" });
      continue;
    }
    const words = splitWords(raw);
    if (exclude && words.length > 1) {
      items.push({ kind: "term", exclude, term: { kind: "phrase", text: words.join(" ") } });
    } else {
      for (const word of words) items.push({ kind: "term", exclude, term: { kind: "word", text: word } });
    }
  }
  return { clauses: buildClauses(items), filters, tokens };
}

/** The text without one filter token (tidy whitespace). */
export function withoutToken(text: string, token: SearchToken): string {
  let { start, end } = token;
  if (token.raw === "") return text;
  if (text.slice(start, end) !== token.raw) {
    // The text changed since it was parsed (say another token was removed first): remove the same token
    // nearest its old place, if it is still there, and never a look-alike inside a phrase.
    const moved = parseSearch(text)
      .tokens.filter((each) => each.raw === token.raw)
      .sort((a, b) => Math.abs(a.start - token.start) - Math.abs(b.start - token.start))[0];
    if (!moved) return text;
    ({ start, end } = moved);
  }
  return `${text.slice(0, start)} ${text.slice(end)}`.replace(/\s+/g, " ").trim();
}

/** Whether the search has words to match (a non-excluded clause): what picks "Best match" and highlights. */
export function hasWords(parsed: ParsedSearch): boolean {
  return parsed.clauses.some((clause) => !clause.exclude);
}

/** The number of active filter values, for the SPA's "Filters (n)". */
export function filterCount(filters: SearchFilters): number {
  return (
    filters.authors.length +
    filters.tags.length +
    filters.types.length +
    filters.has.length +
    (filters.from === undefined ? 0 : 1) +
    (filters.to === undefined ? 0 : 1)
  );
}

type Item = { kind: "term"; exclude: boolean; term: SearchTerm } | { kind: "or" } | { kind: "filter" };

// Sticky, so it matches only where a token starts.
const FILTER_START = /(-?)(author|tag|type|from|to|has):/iy;
const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;
// Inside a word, letters (with their combining marks), digits, apostrophes and hyphens are kept as typed.
const WORD_SEPARATOR = /[^\p{L}\p{M}\p{N}'’\-‐]+/u;
const WORD_EDGES = /^['’\-‐]+|['’\-‐]+$/g;

function isSpace(char: string): boolean {
  return /\s/.test(char);
}

/** A bare token (word or unquoted value) runs to the next whitespace or quote. */
function bareTokenEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && !isSpace(text.charAt(end)) && text.charAt(end) !== '"') end++;
  return end;
}

function splitWords(raw: string): string[] {
  return raw
    .split(WORD_SEPARATOR)
    .map((piece) => piece.replace(WORD_EDGES, ""))
    .filter((word) => HAS_WORD_CHAR.test(word));
}

/** The filter's value as applied, or null when it is not a valid value for the key. */
function validFilterValue(key: SearchFilterKey, value: string): string | null {
  const trimmed = value.trim().replace(/\s+/g, " ");
  if (trimmed === "") return null;
  switch (key) {
    case "author":
      return trimmed;
    case "tag":
      return trimmed.toLowerCase();
    case "type": {
      const type = trimmed.toLowerCase();
      return SEARCH_TYPE_PATTERN.test(type) ? type : null;
    }
    case "from":
    case "to":
      return isCalendarDate(trimmed) ? trimmed : null;
    case "has": {
      const has = trimmed.toLowerCase();
      return has === "sources" || has === "media" ? has : null;
    }
  }
}

/** Authors match case and accents aside, so "Sato" and "sató" are one author filter. */
function authorKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function applyFilter(filters: SearchFilters, key: SearchFilterKey, value: string): void {
  switch (key) {
    case "author":
      if (!filters.authors.some((author) => authorKey(author) === authorKey(value))) filters.authors.push(value);
      return;
    case "tag":
      if (!filters.tags.includes(value)) filters.tags.push(value);
      return;
    case "type":
      if (!filters.types.includes(value)) filters.types.push(value);
      return;
    case "has":
      if (!filters.has.includes(value as SearchHas)) filters.has.push(value as SearchHas);
      return;
    // Both ends are inclusive and combine by AND, so the narrower range wins: the later from, the earlier to.
    case "from":
      if (filters.from === undefined || value > filters.from) filters.from = value;
      return;
    case "to":
      if (filters.to === undefined || value < filters.to) filters.to = value;
      return;
  }
}

function termKey(term: SearchTerm): string {
  return `${term.kind}:${term.text.toLowerCase()}`;
}

/**
 * Joins `a OR b` into one clause. An OR with no plain term on one side (at either end, next to another OR,
 * an excluded term or a filter) joins nothing and is ignored.
 */
function buildClauses(items: Item[]): SearchClause[] {
  const clauses: SearchClause[] = [];
  let joinable: SearchClause | null = null;
  let pendingOr = false;
  for (const item of items) {
    if (item.kind === "or") {
      pendingOr = joinable !== null;
    } else if (item.kind === "filter") {
      joinable = null;
      pendingOr = false;
    } else if (item.exclude) {
      clauses.push({ exclude: true, anyOf: [item.term] });
      joinable = null;
      pendingOr = false;
    } else if (pendingOr && joinable) {
      if (!joinable.anyOf.some((term) => termKey(term) === termKey(item.term))) joinable.anyOf.push(item.term);
      pendingOr = false;
    } else {
      joinable = { exclude: false, anyOf: [item.term] };
      clauses.push(joinable);
    }
  }
  // Same clause twice asks nothing more of the database; then the caps keep the query's size bounded.
  const seen = new Set<string>();
  const result: SearchClause[] = [];
  for (const clause of clauses) {
    const anyOf = clause.anyOf.slice(0, SEARCH_MAX_TERMS_PER_CLAUSE);
    const key = `${clause.exclude ? "-" : "+"}${anyOf.map(termKey).sort().join("\u0000")}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ exclude: clause.exclude, anyOf });
    if (result.length === SEARCH_MAX_CLAUSES) break;
  }
  return result;
}
