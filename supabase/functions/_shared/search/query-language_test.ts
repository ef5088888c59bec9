import assert from "node:assert/strict";
import {
  filterCount,
  hasWords,
  isCalendarDate,
  parseSearch,
  SEARCH_MAX_CLAUSES,
  SEARCH_MAX_TERMS_PER_CLAUSE,
  type SearchClause,
  withoutToken,
} from "./query-language.ts";

const word = (text: string, exclude = false): SearchClause => ({ exclude, anyOf: [{ kind: "word", text }] });
const phrase = (text: string, exclude = false): SearchClause => ({ exclude, anyOf: [{ kind: "phrase", text }] });
const anyWord = (...texts: string[]): SearchClause => ({ exclude: false, anyOf: texts.map((text) => ({ kind: "word", text })) });
const clauses = (text: string) => parseSearch(text).clauses;
const filters = (text: string) => parseSearch(text).filters;

Deno.test("an empty or blank search has no clauses, filters or tokens", () => {
  for (const text of ["", "   ", "\t\n"]) {
    assert.deepEqual(parseSearch(text), { clauses: [], filters: { authors: [], tags: [], types: [], has: [] }, tokens: [] });
  }
});

Deno.test("words are AND-ed clauses, kept as typed", () => {
  assert.deepEqual(clauses("Concert  Berlin\ttour"), [word("Concert"), word("Berlin"), word("tour")]);
});

Deno.test("stop-word-like words are kept: the database drops stop words", () => {
  assert.deepEqual(clauses("the and of"), [word("the"), word("and"), word("of")]);
});

Deno.test("leading and trailing punctuation is stripped from a word", () => {
  assert.deepEqual(clauses("concert, (live) 'tour' ...end! ¿qué?"), [word("concert"), word("live"), word("tour"), word("end"), word("qué")]);
});

Deno.test("a word that is only punctuation is dropped", () => {
  assert.deepEqual(clauses("!!! , -- ... a ()"), [word("a")]);
});

Deno.test("inner apostrophes and hyphens keep a word whole", () => {
  assert.deepEqual(clauses("rock'n'roll behind-the-scenes don’t"), [word("rock'n'roll"), word("behind-the-scenes"), word("don’t")]);
});

Deno.test("other inner punctuation splits a word", () => {
  assert.deepEqual(clauses("AC/DC snake_case"), [word("AC"), word("DC"), word("snake"), word("case")]);
});

Deno.test("a closed phrase keeps its words in order, trimmed and with whitespace collapsed", () => {
  assert.deepEqual(clauses('x "  concerts   tonight " y'), [word("x"), phrase("concerts tonight"), word("y")]);
});

Deno.test("an unclosed quote runs to the end", () => {
  assert.deepEqual(clauses('a "b c'), [word("a"), phrase("b c")]);
});

Deno.test("an empty or punctuation-only phrase is dropped", () => {
  assert.deepEqual(clauses('"" "   " "!?" " a'), [phrase("a")]);
  assert.deepEqual(clauses('"'), []);
});

Deno.test("a quote ends a word and starts a phrase", () => {
  assert.deepEqual(clauses('abc"def ghi"jkl'), [word("abc"), phrase("def ghi"), word("jkl")]);
});

Deno.test("OR joins its neighbours into one clause and binds tighter than AND", () => {
  assert.deepEqual(clauses("x a OR b"), [word("x"), anyWord("a", "b")]);
  assert.deepEqual(clauses("a OR b OR c d"), [anyWord("a", "b", "c"), word("d")]);
});

Deno.test("OR joins phrases and words alike", () => {
  assert.deepEqual(clauses('"live set" OR concert'), [{ exclude: false, anyOf: [{ kind: "phrase", text: "live set" }, { kind: "word", text: "concert" }] }]);
});

Deno.test("only the exact uppercase OR is an operator", () => {
  assert.deepEqual(clauses("a or b"), [word("a"), word("or"), word("b")]);
  assert.deepEqual(clauses("a Or b"), [word("a"), word("Or"), word("b")]);
  assert.deepEqual(clauses('a "OR" b OR, c'), [word("a"), phrase("OR"), word("b"), word("OR"), word("c")]);
});

Deno.test("an OR at either end or next to another OR is ignored", () => {
  assert.deepEqual(clauses("OR a"), [word("a")]);
  assert.deepEqual(clauses("a OR"), [word("a")]);
  assert.deepEqual(clauses("OR"), []);
  assert.deepEqual(clauses("OR OR"), []);
  assert.deepEqual(clauses("a OR OR b"), [anyWord("a", "b")]);
});

Deno.test("an OR next to an excluded term or a filter is ignored", () => {
  assert.deepEqual(clauses("a OR -b"), [word("a"), word("b", true)]);
  assert.deepEqual(clauses("-a OR b"), [word("a", true), word("b")]);
  assert.deepEqual(clauses("a OR tag:live b"), [word("a"), word("b")]);
  assert.deepEqual(clauses("a tag:live OR b"), [word("a"), word("b")]);
});

Deno.test("repeated terms in an OR chain and repeated clauses count once", () => {
  assert.deepEqual(clauses("a OR A OR b a B OR a b OR a"), [anyWord("a", "b"), word("a")]);
});

Deno.test("a minus excludes a word or a phrase, each its own clause", () => {
  assert.deepEqual(clauses('rock -pop -"boy band" -"'), [word("rock"), word("pop", true), phrase("boy band", true)]);
});

Deno.test("a lone minus, or one before only punctuation, is ignored", () => {
  assert.deepEqual(clauses("a - b -, -"), [word("a"), word("b")]);
});

Deno.test("an excluded token of several words excludes them as one phrase", () => {
  assert.deepEqual(clauses("-AC/DC"), [phrase("AC DC", true)]);
});

Deno.test("an author filter, unquoted or quoted, trimmed", () => {
  const parsed = parseSearch('author:sato author:"  Hana   Sato "');
  assert.deepEqual(parsed.filters.authors, ["sato", "Hana Sato"]);
  assert.deepEqual(parsed.clauses, []);
  assert.deepEqual(parsed.tokens.map((token) => token.raw), ["author:sato", 'author:"  Hana   Sato "']);
});

Deno.test("an unclosed quoted filter value runs to the end", () => {
  const parsed = parseSearch('x author:"Hana Sato');
  assert.deepEqual(parsed.filters.authors, ["Hana Sato"]);
  assert.deepEqual(parsed.tokens[0]?.raw, 'author:"Hana Sato');
  assert.deepEqual(parsed.clauses, [word("x")]);
});

Deno.test("authors are deduplicated case and accents aside, keeping the first", () => {
  assert.deepEqual(filters("author:Sató author:sato AUTHOR:SATO").authors, ["Sató"]);
});

Deno.test("filter keys are case-insensitive; tag, type and has values are lowercased", () => {
  assert.deepEqual(filters("TAG:Live Type:EVENT HAS:Media Author:Ann"), {
    authors: ["Ann"],
    tags: ["live"],
    types: ["event"],
    has: ["media"],
  });
});

Deno.test("tags repeat, deduplicated keeping the first", () => {
  assert.deepEqual(filters('tag:live tag:berlin tag:LIVE tag:"Live Music"').tags, ["live", "berlin", "live music"]);
});

Deno.test("types repeat, must be [a-z_]{1,30}, and otherwise degrade to words", () => {
  assert.deepEqual(filters("type:event type:photo_set type:event").types, ["event", "photo_set"]);
  const parsed = parseSearch(`type:Bad-Type! type:${"a".repeat(31)} type:a1`);
  assert.deepEqual(parsed.filters.types, []);
  assert.deepEqual(parsed.tokens, []);
  assert.deepEqual(parsed.clauses, [word("Bad-Type"), word("a".repeat(31)), word("a1")]);
});

Deno.test("has takes sources or media, repeatable, deduplicated", () => {
  assert.deepEqual(filters("has:sources has:media has:SOURCES").has, ["sources", "media"]);
  const parsed = parseSearch("has:cats");
  assert.deepEqual(parsed.filters.has, []);
  assert.deepEqual(parsed.clauses, [word("cats")]);
});

Deno.test("from and to take real calendar days", () => {
  assert.deepEqual(filters("from:2024-02-29 to:2024-12-31"), { authors: [], tags: [], types: [], has: [], from: "2024-02-29", to: "2024-12-31" });
  for (const value of ["2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31"]) assert.equal(isCalendarDate(value), true, value);
  for (const value of ["2024-02-30", "2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "0000-01-01", "2024-1-1", "24-01-01", ""]) {
    assert.equal(isCalendarDate(value), false, value);
  }
});

Deno.test("an invalid date degrades to its words", () => {
  const parsed = parseSearch("from:yesterday to:2024-02-30");
  assert.equal(parsed.filters.from, undefined);
  assert.equal(parsed.filters.to, undefined);
  assert.deepEqual(parsed.tokens, []);
  assert.deepEqual(parsed.clauses, [word("yesterday"), word("2024-02-30")]);
});

Deno.test("repeated from and to: the later from and the earlier to win", () => {
  const parsed = parseSearch("from:2024-05-01 to:2024-12-31 from:2024-01-01 to:2025-06-30 from:2024-06-01");
  assert.equal(parsed.filters.from, "2024-06-01");
  assert.equal(parsed.filters.to, "2024-12-31");
  assert.equal(parsed.tokens.length, 5);
});

Deno.test("an empty filter value yields nothing", () => {
  for (const text of ["tag:", 'tag:""', 'author:"   "', "type:", "from:", "to:", "has:", 'author:"']) {
    const parsed = parseSearch(text);
    assert.deepEqual(parsed.clauses, [], text);
    assert.deepEqual(parsed.tokens, [], text);
    assert.equal(filterCount(parsed.filters), 0, text);
  }
});

Deno.test("a filter key followed by a space is empty; the next token stands alone", () => {
  const parsed = parseSearch("from: 2024-01-01");
  assert.equal(parsed.filters.from, undefined);
  assert.deepEqual(parsed.clauses, [word("2024-01-01")]);
});

Deno.test("an invalid quoted value degrades to each of its words", () => {
  assert.deepEqual(clauses('type:"Bad Type" has:"no cats"'), [word("Bad"), word("Type"), word("no"), word("cats")]);
});

Deno.test("a minus before a known filter key is ignored and the filter applies", () => {
  const parsed = parseSearch("concert -tag:live -has:media");
  assert.deepEqual(parsed.filters.tags, ["live"]);
  assert.deepEqual(parsed.filters.has, ["media"]);
  assert.deepEqual(parsed.clauses, [word("concert")]);
  assert.deepEqual(parsed.tokens[0], { key: "tag", value: "live", start: 8, end: 17, raw: "-tag:live" });
  assert.equal(withoutToken("concert -tag:live -has:media", parsed.tokens[0]!), "concert -has:media");
});

Deno.test("an unknown key is plain text, split into its words", () => {
  const parsed = parseSearch("foo:bar");
  assert.deepEqual(parsed.clauses, [word("foo"), word("bar")]);
  assert.deepEqual(parsed.tokens, []);
});

Deno.test("a URL is plain text, split into its words", () => {
  assert.deepEqual(clauses("https://x.org/a"), [word("https"), word("x"), word("org"), word("a")]);
});

Deno.test("a known key must start its token", () => {
  const parsed = parseSearch("xtag:live tags:live");
  assert.deepEqual(parsed.filters.tags, []);
  assert.deepEqual(parsed.clauses, [word("xtag"), word("live"), word("tags")]);
});

Deno.test("an unquoted filter value stops at a quote", () => {
  const parsed = parseSearch('tag:live"the show"');
  assert.deepEqual(parsed.filters.tags, ["live"]);
  assert.deepEqual(parsed.clauses, [phrase("the show")]);
  assert.equal(parsed.tokens[0]?.raw, "tag:live");
});

Deno.test("tokens give each valid filter's place and raw text", () => {
  const text = ' a  tag:Live author:"Hana Sato" type:x! from:2024-01-01 b';
  const parsed = parseSearch(text);
  assert.deepEqual(parsed.tokens, [
    { key: "tag", value: "live", start: 4, end: 12, raw: "tag:Live" },
    { key: "author", value: "Hana Sato", start: 13, end: 31, raw: 'author:"Hana Sato"' },
    { key: "from", value: "2024-01-01", start: 40, end: 55, raw: "from:2024-01-01" },
  ]);
  for (const token of parsed.tokens) assert.equal(text.slice(token.start, token.end), token.raw);
});

Deno.test("withoutToken removes one token and tidies the whitespace", () => {
  const text = ' a  tag:Live author:"Hana Sato"   b  ';
  const [tag, author] = parseSearch(text).tokens;
  assert.equal(withoutToken(text, tag!), 'a author:"Hana Sato" b');
  assert.equal(withoutToken(text, author!), "a tag:Live b");
  assert.equal(withoutToken("tag:live", parseSearch("tag:live").tokens[0]!), "");
  assert.equal(withoutToken('"x"tag:live"y"', parseSearch('"x"tag:live"y"').tokens[0]!), '"x" "y"');
});

Deno.test("withoutToken removes a repeated token only where it was found", () => {
  const text = "tag:a b tag:a";
  const tokens = parseSearch(text).tokens;
  assert.equal(withoutToken(text, tokens[1]!), "tag:a b");
  assert.equal(withoutToken(text, tokens[0]!), "b tag:a");
});

Deno.test("withoutToken on a text that changed removes the token where it now is, else leaves the text", () => {
  const token = parseSearch("a tag:live").tokens[0]!;
  assert.equal(withoutToken("tag:live  z", token), "z");
  assert.equal(withoutToken("nothing here", token), "nothing here");
  assert.equal(withoutToken('"tag:live"', token), '"tag:live"');
});

Deno.test("removing every token from the right leaves the words", () => {
  const text = '  "tag:a"  tag:a   x  -tag:b author:"A B" tag:a  ';
  const { tokens } = parseSearch(text);
  assert.equal(tokens.length, 4);
  assert.equal(tokens.reduceRight((rest, token) => withoutToken(rest, token), text), '"tag:a" x');
});

Deno.test("accented and non-Latin words are words; emoji are not", () => {
  assert.deepEqual(clauses("Café naïve 東京タワー Москва 🎸 rock🎸roll 🎉"), [
    word("Café"),
    word("naïve"),
    word("東京タワー"),
    word("Москва"),
    word("rock"),
    word("roll"),
  ]);
});

Deno.test("combining accents stay with their letter", () => {
  const decomposed = "Cafe\u0301";
  assert.deepEqual(clauses(decomposed), [word(decomposed)]);
});

Deno.test("the clauses are capped so no search grows the database query without bound", () => {
  const many = Array.from({ length: 40 }, (_, n) => `w${n}`);
  const capped = clauses(many.join(" "));
  assert.equal(capped.length, SEARCH_MAX_CLAUSES);
  assert.deepEqual(capped.at(-1), word(`w${SEARCH_MAX_CLAUSES - 1}`));

  const chain = clauses(many.join(" OR "));
  assert.equal(chain.length, 1);
  assert.equal(chain[0]?.anyOf.length, SEARCH_MAX_TERMS_PER_CLAUSE);
  assert.deepEqual(chain[0]?.anyOf.at(-1), { kind: "word", text: `w${SEARCH_MAX_TERMS_PER_CLAUSE - 1}` });
});

Deno.test("a 500-character search parses into capped clauses without error", () => {
  const text = `${'tag:live "a phrase" x OR y -z foo:bar author:"Hana Sato" from:2024-01-01 '.repeat(7)}`.slice(0, 500);
  assert.equal(text.length, 500);
  const parsed = parseSearch(text);
  assert.ok(parsed.clauses.length <= SEARCH_MAX_CLAUSES);
  assert.deepEqual(parsed.filters.tags, ["live"]);
  assert.deepEqual(parsed.filters.authors, ["Hana Sato"]);
  for (const token of parsed.tokens) assert.equal(text.slice(token.start, token.end), token.raw);

  const junk = "\"-:OR \u0000 ".repeat(100).slice(0, 500);
  assert.deepEqual(parseSearch(junk).tokens, []);
});

Deno.test("hasWords is true only when a non-excluded clause exists", () => {
  assert.equal(hasWords(parseSearch("concert")), true);
  assert.equal(hasWords(parseSearch('-"a b" x')), true);
  assert.equal(hasWords(parseSearch("-pop -rock tag:live")), false);
  assert.equal(hasWords(parseSearch("!!! OR")), false);
});

Deno.test("filterCount counts each author, tag, type and has, and from and to once each", () => {
  assert.equal(filterCount(filters("concert")), 0);
  assert.equal(
    filterCount(filters("author:a author:b tag:x tag:y tag:x type:event has:media from:2024-01-01 from:2024-02-01 to:2024-03-01")),
    8,
  );
});
