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
  assert.equal(apa.text, `Jane Doe. (2026, November 20). Live at the Fair. The Community Archive. ${link}\n`);
  assert.equal((await formatCitation(item, "mla")).text, `Jane Doe. “Live at the Fair.” The Community Archive, 20 Nov. 2026, ${link}.\n`);
  assert.equal(
    (await formatCitation(item, "chicago")).text,
    `Jane Doe. 2026. “Live at the Fair.” The Community Archive, November 20. Accessed November 27, 2026. ${link}.\n`,
  );
});

Deno.test("BibTeX carries the link and the access day", async () => {
  const bibtex = await formatCitation(item, "bibtex");
  assert.equal(bibtex.contentType, "application/x-bibtex; charset=utf-8");
  assert.match(bibtex.text, /^@misc\{/);
  assert.match(bibtex.text, /author = \{\{Jane Doe\}\}/);
  assert.match(bibtex.text, /url = \{https:\/\/archive\.example\/posts\/12\/history\?revision=34\}/);
  assert.match(bibtex.text, /accessed 2026-11-27/);
});

Deno.test("CSL-JSON is the item, in a list as CSL-JSON files hold items", async () => {
  const json = await formatCitation(item, "csl-json");
  assert.equal(json.contentType, "application/vnd.citationstyles.csl+json");
  assert.deepEqual(JSON.parse(json.text), [item]);
});
