import assert from "node:assert/strict";
import { citationItem } from "./citation-item.ts";
import { formatCitation } from "./format-citation.ts";

const item = citationItem(
  { id: 12, title: "Live at the Fair", authorName: "Jane Doe", revisionId: 34, revisedAt: "2026-11-20T10:00:00.000Z" },
  { url: "https://archive.example", name: "The Community Archive" },
  "2026-11-27",
);
const link = "https://archive.example/posts/12/history?revision=34";

Deno.test("APA, MLA and Chicago come from the CSL styles as plain text", async () => {
  const apa = await formatCitation(item, "apa");
  assert.equal(apa.contentType, "text/plain; charset=utf-8");
  assert.equal(apa.text, `Doe, J. (2026, November 20). Live at the Fair. The Community Archive. ${link}\n`);
  assert.equal((await formatCitation(item, "mla")).text, `Doe, Jane. “Live at the Fair.” The Community Archive, 20 Nov. 2026, ${link}.\n`);
  assert.equal(
    (await formatCitation(item, "chicago")).text,
    `Doe, Jane. 2026. “Live at the Fair.” The Community Archive, November 20. Accessed November 27, 2026. ${link}.\n`,
  );
});

const sentence = citationItem(
  { id: 5, title: "A walk in the park with friends", authorName: "Hana Sato", revisionId: 6, revisedAt: "2026-03-02T09:00:00.000Z" },
  { url: "https://archive.example", name: "The Community Archive" },
  "2026-03-05",
);
const sentenceLink = "https://archive.example/posts/5/history?revision=6";

Deno.test("APA names a \"Given Family\" author as Family, Initial", async () => {
  assert.equal((await formatCitation(sentence, "apa")).text, `Sato, H. (2026, March 2). A walk in the park with friends. The Community Archive. ${sentenceLink}\n`);
});

Deno.test("MLA and Chicago keep a member's sentence title as written", async () => {
  assert.equal((await formatCitation(sentence, "mla")).text, `Sato, Hana. “A walk in the park with friends.” The Community Archive, 2 Mar. 2026, ${sentenceLink}.\n`);
  assert.equal(
    (await formatCitation(sentence, "chicago")).text,
    `Sato, Hana. 2026. “A walk in the park with friends.” The Community Archive, March 2. Accessed March 5, 2026. ${sentenceLink}.\n`,
  );
});

Deno.test("any other display name is kept whole, in every style", async () => {
  const handle = { ...sentence, author: [{ literal: "dj_koto" }] };
  assert.match((await formatCitation(handle, "apa")).text, /^dj_koto\. \(2026, March 2\)\./);
  assert.match((await formatCitation(handle, "mla")).text, /^dj_koto\. “A walk/);
  assert.match((await formatCitation(handle, "bibtex")).text, /author = \{\{dj_koto\}\}/);
});

Deno.test("BibTeX writes the month as its macro and the day in date", async () => {
  const bibtex = (await formatCitation(sentence, "bibtex")).text;
  assert.match(bibtex, /\tyear = \{2026\},\n\tmonth = mar,\n\tdate = \{2026-03-02\},\n/);
  assert.doesNotMatch(bibtex, /month = \{/);
  assert.match(bibtex, /author = \{Sato, Hana\}/);
});

Deno.test("BibTeX carries the link and the access day", async () => {
  const bibtex = await formatCitation(item, "bibtex");
  assert.equal(bibtex.contentType, "application/x-bibtex; charset=utf-8");
  assert.match(bibtex.text, /^@misc\{/);
  assert.match(bibtex.text, /author = \{Doe, Jane\}/);
  assert.match(bibtex.text, /url = \{https:\/\/archive\.example\/posts\/12\/history\?revision=34\}/);
  assert.match(bibtex.text, /accessed 2026-11-27/);
});

Deno.test("CSL-JSON is the item, in a list as CSL-JSON files hold items", async () => {
  const json = await formatCitation(item, "csl-json");
  assert.equal(json.contentType, "application/vnd.citationstyles.csl+json");
  assert.deepEqual(JSON.parse(json.text), [item]);
});
