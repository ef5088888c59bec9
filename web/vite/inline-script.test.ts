import { describe, expect, it } from "vitest";
import { withScriptBeforeStylesheets } from "./inline-script";

describe("withScriptBeforeStylesheets", () => {
  it("puts the script before the first stylesheet, so it does not wait for that download", () => {
    const html = `<head>\n    <title>x</title>\n    <link rel="modulepreload" href="/a.js">\n    <link rel="stylesheet" crossorigin href="/a.css">\n    <link rel="stylesheet" href="/b.css">\n  </head>`;
    const out = withScriptBeforeStylesheets(html, "go()");
    expect(out.indexOf("<script>go()</script>")).toBeGreaterThan(out.indexOf("modulepreload"));
    expect(out.indexOf("<script>go()</script>")).toBeLessThan(out.indexOf("/a.css"));
    expect(out.match(/<script>/g)).toHaveLength(1);
  });

  it("ends <head> with the script when the page has no stylesheet (development)", () => {
    expect(withScriptBeforeStylesheets("<head><title>x</title></head><body></body>", "go()")).toBe("<head><title>x</title><script>go()</script>\n    </head><body></body>");
  });

  it("keeps a script holding $` or $' as it is (a replacement string would expand them)", () => {
    const script = "var a=`$${b}`,c='$'+\"$`\"+\"$'\"+\"$&\"";
    const html = "<head><title>x</title></head><body></body>";
    expect(withScriptBeforeStylesheets(html, script)).toBe(`<head><title>x</title><script>${script}</script>\n    </head><body></body>`);
  });
});
