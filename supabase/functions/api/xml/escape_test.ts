import assert from "node:assert/strict";
import { xmlText } from "./escape.ts";

Deno.test("markup characters are escaped, for content and attribute values alike", () => {
  assert.equal(xmlText(`<a href="x">Tom & 'Jerry'</a>`), "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;");
});

Deno.test("characters XML 1.0 forbids are dropped; tab, newlines and astral characters stay", () => {
  assert.equal(xmlText("a\u0000b\u0001c\u001Fd\uFFFEe\uFFFF"), "abcde");
  assert.equal(xmlText("tab\there\nnew\rline"), "tab\there\nnew\rline");
  assert.equal(xmlText("emoji 😀 stays"), "emoji 😀 stays");
  assert.equal(xmlText("lone \uD800 high and \uDC00 low"), "lone  high and  low");
});
