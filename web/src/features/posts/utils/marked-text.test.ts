import { describe, expect, it } from "vitest";
import { markedText, markedTitle } from "./marked-text";

describe("markedText", () => {
  it("splits on <mark> and </mark>, keeping the text between in order", () => {
    expect(markedText("The <mark>concert</mark> in <mark>Berlin</mark>")).toEqual([
      { text: "The ", marked: false },
      { text: "concert", marked: true },
      { text: " in ", marked: false },
      { text: "Berlin", marked: true },
    ]);
  });

  it("decodes the five entities the API escapes with, inside and outside the highlights", () => {
    expect(markedText("Tom &amp; Jerry &lt;3 &quot;live&quot; <mark>rock &#39;n&#39; roll</mark> &gt;")).toEqual([
      { text: `Tom & Jerry <3 "live" `, marked: false },
      { text: "rock 'n' roll", marked: true },
      { text: " >", marked: false },
    ]);
  });

  it("leaves every other entity and tag as literal text, never as markup", () => {
    expect(markedText("&nbsp;&#60;<b>bold</b><script>x</script>&amp;lt;")).toEqual([
      { text: "&nbsp;&#60;<b>bold</b><script>x</script>&lt;", marked: false },
    ]);
  });

  it("takes an unclosed or stray tag as a boundary and drops empty runs", () => {
    expect(markedText("</mark>a<mark><mark>b")).toEqual([
      { text: "a", marked: false },
      { text: "b", marked: true },
    ]);
    expect(markedText("")).toEqual([]);
    expect(markedText("<mark></mark>")).toEqual([]);
  });
});

describe("markedTitle", () => {
  it("strips a title's leading zeros across the highlights", () => {
    expect(markedTitle("<mark>00</mark>7 Live")).toEqual([{ text: "7 Live", marked: false }]);
    expect(markedTitle("<mark>007</mark> Live")).toEqual([
      { text: "7", marked: true },
      { text: " Live", marked: false },
    ]);
    expect(markedTitle("000")).toEqual([{ text: "0", marked: false }]);
    expect(markedTitle("The <mark>tour</mark>")).toEqual([
      { text: "The ", marked: false },
      { text: "tour", marked: true },
    ]);
  });
});
