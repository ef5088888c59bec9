import assert from "node:assert/strict";
import { z } from "zod";
import { listFilterOptions, postListFilters } from "./post-list-query.ts";

const options = (query: Record<string, string>) => listFilterOptions(z.object(postListFilters).parse(query));

Deno.test("a search with words is ordered by Best match unless a sort is asked for; without words, newest first", () => {
  assert.equal(options({ search: "concerts" }).sort, "best");
  assert.equal(options({ search: "concerts", sort: "oldest" }).sort, "oldest");
  assert.equal(options({ search: "-rumour" }).sort, "newest");
  assert.equal(options({ search: "tag:live" }).sort, "newest");
  assert.equal(options({}).sort, "newest");
});

Deno.test("the filters typed in the search and those given as parameters all apply", () => {
  const joined = options({
    search: 'tour tag:Live type:event from:2020-01-01 to:2024-12-31 has:media author:"Hana Sato"',
    tags: "live, Berlin",
    type: "news",
    since: "2021-06-01",
    until: "2025-01-31",
    has: "sources",
    author: "Sato",
  });
  assert.deepEqual(joined.tags, ["live", "berlin"]);
  assert.deepEqual(joined.types, ["event", "news"]);
  assert.deepEqual(joined.authors, ["Hana Sato", "Sato"]);
  assert.equal(joined.from, "2021-06-01", "the later first day");
  assert.equal(joined.to, "2024-12-31", "the earlier last day");
  assert.equal(joined.hasSources, true);
  assert.equal(joined.hasMedia, true);
  assert.deepEqual(joined.search, [{ exclude: false, anyOf: [{ kind: "word", text: "tour" }] }]);
});

Deno.test("no filter is no condition", () => {
  const plain = options({ search: "  " });
  assert.equal(plain.search, undefined);
  assert.equal(plain.tags, undefined);
  assert.equal(plain.authors, undefined);
  assert.equal(plain.types, undefined);
  assert.equal(plain.hasSources, false);
});

Deno.test("a malformed parameter is refused with what to fix; a malformed search never is", () => {
  const parse = (query: Record<string, string>) => z.object(postListFilters).safeParse(query);
  assert.equal(parse({ since: "2024-02-30" }).error?.issues[0].message, "since must be a day as YYYY-MM-DD.");
  assert.equal(parse({ type: "Event!" }).error?.issues[0].message, "type must be post types (a-z and _), comma-separated.");
  assert.equal(parse({ has: "cats" }).error?.issues[0].message, "has must be sources, media or both, comma-separated.");
  assert.equal(parse({ search: 'from:yesterday "unclosed -" OR OR type:Bad!' }).success, true);
});
