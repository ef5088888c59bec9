import assert from "node:assert/strict";
import { markedHtml, markedWords } from "./search-marks.ts";

Deno.test("the matched words become <mark> and every other character of HTML is escaped", () => {
  assert.equal(
    markedHtml(`A <b>"bold"</b> & \uE000concert\uE001's night`),
    "A &lt;b&gt;&quot;bold&quot;&lt;/b&gt; &amp; <mark>concert</mark>&#39;s night",
  );
});

Deno.test("a stray or unclosed delimiter never leaves unbalanced markup", () => {
  assert.equal(markedHtml("\uE001a \uE000b"), "a <mark>b</mark>");
  assert.equal(markedHtml("\uE000a\uE000b\uE001"), "<mark>ab</mark>");
});

Deno.test("the highlights are the marked words, each once whatever its case", () => {
  assert.deepEqual(markedWords("\uE000Concert\uE001 and \uE000concerts\uE001, \uE000concert\uE001"), ["Concert", "concerts"]);
  assert.deepEqual(markedWords("no marks"), []);
});
