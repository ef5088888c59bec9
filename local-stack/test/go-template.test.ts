/**
 * The stand-in's renderer of Auth's e-mail templates against what Go's
 * html/template does with GoTrue's values, and the project's own templates
 * rendered as the stand-in sends them. Needs no running stack.
 */
import { describe, expect, it } from "vitest";
import { GoTemplateError, renderGoTemplate } from "../src/auth/go-template.ts";
import { renderAuthMail, type TemplateData, type TemplateName } from "../src/auth/mail-templates.ts";

const render = (source: string, data: Record<string, unknown> = {}) => renderGoTemplate(source, data);

describe("renderGoTemplate", () => {
  it("HTML-escapes values in text as html/template does, `+` included", () => {
    expect(render("<p>{{ .Email }}</p>", { Email: `a+b<i>"x"&'y'@example.org` })).toBe(
      "<p>a&#43;b&lt;i&gt;&#34;x&#34;&amp;&#39;y&#39;@example.org</p>",
    );
  });

  it("normalises a URL in href and escapes it for the attribute", () => {
    const url = 'http://127.0.0.1:54321/auth/v1/verify?token=ab12&type=signup&redirect_to=http://localhost:5173/a b"c';
    expect(render('<a href="{{ .ConfirmationURL }}">go</a>', { ConfirmationURL: url })).toBe(
      '<a href="http://127.0.0.1:54321/auth/v1/verify?token=ab12&amp;type=signup&amp;redirect_to=http://localhost:5173/a%20b%22c">go</a>',
    );
  });

  it("refuses a URL with a scheme other than http, https or mailto", () => {
    expect(render('<a href="{{ .RedirectTo }}">x</a>', { RedirectTo: "javascript:alert(1)" })).toBe('<a href="#ZgotmplZ">x</a>');
    expect(render("<a href='{{ .SiteURL }}'>x</a>", { SiteURL: "mailto:someone@example.org" })).toBe("<a href='mailto:someone@example.org'>x</a>");
  });

  it("escapes a value after the `?` of a URL completely, and leaves the template's own text as written", () => {
    const source = '<a href="{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=email">x</a>';
    expect(render(source, { SiteURL: "https://archive.example.org", TokenHash: "a b&c/d" })).toBe(
      '<a href="https://archive.example.org/auth/confirm?token_hash=a%20b%26c%2fd&type=email">x</a>',
    );
  });

  it("escapes unquoted attribute values, spaces included", () => {
    expect(render("<td title={{ .Email }}>x</td>", { Email: "a b=c" })).toBe("<td title=a&#32;b&#61;c>x</td>");
  });

  it("reads metadata fields, prints nothing for a missing one, and branches on them", () => {
    const source = "Hello{{ if .Data.first_name }} {{ .Data.first_name }}{{ else }} there{{ end }}.";
    expect(render(source, { Data: { first_name: "<Ann>" } })).toBe("Hello &lt;Ann&gt;.");
    expect(render(source, { Data: {} })).toBe("Hello there.");
    expect(render("[{{ .Data.missing }}][{{ .Nothing.at.all }}]", { Data: {} })).toBe("[][]");
    expect(render("{{ if .A }}a{{ else if .B }}b{{ else }}c{{ end }}", { A: "", B: 0 })).toBe("c");
    expect(render("{{ if .A }}a{{ else if .B }}b{{ else }}c{{ end }}", { A: "", B: 2 })).toBe("b");
  });

  it("prints numbers, booleans and maps as Go's fmt does", () => {
    expect(render("{{ .A }} {{ .B }} {{ .C }} {{ .D }} {{ .E }}", { A: 3, B: 1234567, C: 0.5, D: true, E: { b: 2, a: "x" } })).toBe(
      "3 1.234567e&#43;06 0.5 true map[a:x b:2]",
    );
  });

  it("drops HTML comments and the values in them, and applies trim markers", () => {
    expect(render("<p>a<!-- {{ .Token }} secret -->b</p>", { Token: "123456" })).toBe("<p>ab</p>");
    expect(render("<p>\n  {{- .A -}}\n</p>{{/* a note */}}", { A: "x" })).toBe("<p>x</p>");
  });

  it("refuses what the stand-in cannot render as GoTrue would", () => {
    expect(() => render('{{ printf "%s" .Email }}')).toThrow(GoTemplateError);
    expect(() => render('<a onclick="go({{ .Email }})">x</a>', { Email: "e" })).toThrow(GoTemplateError);
    expect(() => render("<script>var e = {{ .Email }};</script>", { Email: "e" })).toThrow(GoTemplateError);
    expect(() => render("{{ if .A }}<a href=\"{{ end }}x", { A: true })).toThrow(GoTemplateError);
    expect(() => render("{{ if .A }}x")).toThrow(GoTemplateError);
  });
});

const data = (overrides: Partial<TemplateData> = {}): TemplateData => ({
  SiteURL: "http://localhost:5173",
  ConfirmationURL: "http://127.0.0.1:54321/auth/v1/verify?token=0123abcd&type=signup&redirect_to=http://localhost:5173",
  Email: "ann@example.org",
  Token: "775304",
  TokenHash: "0123abcd",
  Data: { first_name: "Ann" },
  RedirectTo: "http://localhost:5173",
  ...overrides,
});

describe("the project's templates (supabase/templates, named in config.toml)", () => {
  const names: TemplateName[] = ["confirmation", "recovery", "email_change", "magic_link", "invite"];

  for (const name of names) {
    it(`${name}: in the site's name, with its link and no code to type`, () => {
      const mail = renderAuthMail(name, data({ NewEmail: "new@example.org", SendingTo: "new@example.org" }));
      expect(mail.subject).toMatch(/The Community Archive/);
      expect(mail.html).toContain("The Community Archive");
      expect(mail.html).toContain('href="http://127.0.0.1:54321/auth/v1/verify?token=0123abcd&amp;type=signup&amp;redirect_to=http://localhost:5173"');
      expect(mail.html).not.toContain("775304");
      expect(mail.html).not.toMatch(/code/i);
      expect(mail.html).toContain("Hello Ann,");
      expect(mail.html).not.toContain("<!--");
    });
  }

  it("email_change names both addresses", () => {
    const mail = renderAuthMail("email_change", data({ NewEmail: "new@example.org", SendingTo: "ann@example.org" }));
    expect(mail.html).toContain("from ann@example.org to new@example.org");
  });

  it("falls back to GoTrue's subject and body when the file cannot be read, and to its subject when none is set", () => {
    const missing = renderAuthMail("recovery", data(), { subject: "Ours", content_path: "./supabase/templates/no-such-file.html" });
    expect(missing.subject).toBe("Reset your password");
    expect(missing.html).toContain("<h2>Reset your password</h2>");
    expect(renderAuthMail("magic_link", data(), {}).subject).toBe("Your sign-in link");
  });
});
