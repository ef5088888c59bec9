/**
 * The part of Go's html/template that Auth's e-mail templates use, so the
 * stand-in renders them as GoTrue does (supabase/auth
 * internal/mailer/templatemailer/template.go parses subjects and bodies with
 * html/template and executes them with a map of values):
 *
 * - actions: `{{ .Field }}`, `{{ .Data.key }}`, `{{ if … }}`, `{{ else }}`,
 *   `{{ else if … }}`, `{{ end }}`, comments `{{/* … *\/}}`, and the trim
 *   markers `{{-` and `-}}`; anything else is refused with an error;
 * - contextual escaping as html/template's escaper (Go's src/html/template
 *   escape.go, transition.go, html.go, url.go): text and quoted attributes
 *   HTML-escaped, URL attributes (`href`, `src`, …) filtered to http, https
 *   and mailto (else `#ZgotmplZ`) and normalised, or fully escaped after `?`
 *   or `#`; values inside HTML comments are dropped, as are the comments
 *   themselves; values in scripts, styles or event handlers are refused;
 * - printing as text/template does: a missing key or nil is empty,
 *   numbers, booleans and maps as Go's fmt prints them.
 */

export class GoTemplateError extends Error {}

type Node =
  | { kind: "text"; text: string }
  | { kind: "value"; path: string[]; source: string }
  | { kind: "if"; branches: { condition: string[]; body: Node[] }[]; otherwise: Node[] };

type Action = { kind: "field"; path: string[] } | { kind: "if"; path: string[] } | { kind: "elseIf"; path: string[] } | { kind: "else" } | { kind: "end" } | { kind: "comment" };

/** `.`, `.A` or `.A.b.c`: the fields of a pipeline made of one field chain. */
function fieldPath(expression: string, source: string): string[] {
  if (expression === ".") return [];
  if (!/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(expression)) {
    throw new GoTemplateError(`${source}: only field chains like .Email or .Data.first_name are supported by the local stack`);
  }
  return expression.slice(1).split(".");
}

function parseAction(inner: string, source: string): Action {
  const body = inner.trim();
  if (/^\/\*[\s\S]*\*\/$/.test(body)) return { kind: "comment" };
  if (body === "else") return { kind: "else" };
  if (body === "end") return { kind: "end" };
  const elseIf = /^else\s+if\s+(.+)$/.exec(body);
  if (elseIf) return { kind: "elseIf", path: fieldPath(elseIf[1]!.trim(), source) };
  const ifMatch = /^if\s+(.+)$/.exec(body);
  if (ifMatch) return { kind: "if", path: fieldPath(ifMatch[1]!.trim(), source) };
  return { kind: "field", path: fieldPath(body, source) };
}

const trailingSpace = /[ \t\r\n]+$/;
const leadingSpace = /^[ \t\r\n]+/;

/** Splits the source into text and actions, applying the trim markers. */
function tokenize(source: string): ({ kind: "text"; text: string } | { kind: "action"; action: Action; source: string })[] {
  const tokens: ({ kind: "text"; text: string } | { kind: "action"; action: Action; source: string })[] = [];
  let rest = source;
  let trimNext = false;
  while (rest.length > 0) {
    const open = rest.indexOf("{{");
    let text = open === -1 ? rest : rest.slice(0, open);
    if (trimNext) text = text.replace(leadingSpace, "");
    if (open === -1) {
      tokens.push({ kind: "text", text });
      break;
    }
    const close = rest.indexOf("}}", open + 2);
    if (close === -1) throw new GoTemplateError(`unclosed action: ${rest.slice(open, open + 30)}`);
    let inner = rest.slice(open + 2, close);
    const actionSource = rest.slice(open, close + 2);
    if (/^- /.test(inner) || inner === "-") {
      text = text.replace(trailingSpace, "");
      inner = inner.slice(1);
    }
    trimNext = / -$/.test(inner);
    if (trimNext) inner = inner.slice(0, -1);
    tokens.push({ kind: "text", text });
    tokens.push({ kind: "action", action: parseAction(inner, actionSource), source: actionSource });
    rest = rest.slice(close + 2);
  }
  return tokens.filter((token) => token.kind === "action" || token.text !== "");
}

function parse(source: string): Node[] {
  const root: Node[] = [];
  const stack: { node: Extract<Node, { kind: "if" }>; target: Node[] }[] = [];
  let target = root;
  for (const token of tokenize(source)) {
    if (token.kind === "text") {
      target.push({ kind: "text", text: token.text });
      continue;
    }
    const { action } = token;
    if (action.kind === "comment") continue;
    if (action.kind === "field") target.push({ kind: "value", path: action.path, source: token.source });
    else if (action.kind === "if") {
      const node: Extract<Node, { kind: "if" }> = { kind: "if", branches: [{ condition: action.path, body: [] }], otherwise: [] };
      target.push(node);
      stack.push({ node, target });
      target = node.branches[0]!.body;
    } else {
      const open = stack.at(-1);
      if (!open) throw new GoTemplateError(`unexpected ${token.source}`);
      if (action.kind === "elseIf") {
        const branch = { condition: action.path, body: [] as Node[] };
        open.node.branches.push(branch);
        target = branch.body;
      } else if (action.kind === "else") {
        target = open.node.otherwise;
      } else {
        stack.pop();
        target = open.target;
      }
    }
  }
  if (stack.length > 0) throw new GoTemplateError("unexpected EOF: an {{ if }} has no {{ end }}");
  return root;
}

// ---------------------------------------------------------------------------
// Printing values as text/template does (fmt's %v)

const missing = Symbol("missing");

function lookup(data: unknown, path: string[]): unknown {
  let value: unknown = data;
  for (const name of path) {
    if (value === missing || value === null || value === undefined) return missing;
    if (typeof value !== "object" || Array.isArray(value)) {
      throw new GoTemplateError(`can't evaluate field ${name} in type ${Array.isArray(value) ? "[]interface {}" : typeof value}`);
    }
    value = name in value ? (value as Record<string, unknown>)[name] : missing;
  }
  return value;
}

/** Go's `%v` of a float64: shortest digits, in e-notation below 1e-4 and from 1e6 up (strconv's 'g' with precision -1). */
function goFloat(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "+Inf" : "-Inf";
  if (n === 0) return "0";
  const [mantissa, exponentText] = n.toExponential().split("e");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 6) {
    return `${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  return String(n);
}

function printValue(value: unknown): string {
  if (value === missing || value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return goFloat(value);
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map(printNested).join(" ")}]`;
  if (typeof value === "object") {
    const entries = Object.keys(value).sort().map((key) => `${key}:${printNested((value as Record<string, unknown>)[key])}`);
    return `map[${entries.join(" ")}]`;
  }
  return String(value);
}

// Inside a map or a slice fmt prints nil as <nil>.
const printNested = (value: unknown) => (value === null || value === undefined ? "<nil>" : printValue(value));

/** text/template's truth: false, 0, nil, a missing key and empty strings, maps and slices are false. */
function isTrue(value: unknown): boolean {
  if (value === missing || value === null || value === undefined) return false;
  if (typeof value === "object") return Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0;
  return Boolean(value);
}

// ---------------------------------------------------------------------------
// html/template's contexts and escapers

type Context =
  | { state: "text" }
  | { state: "comment" }
  | { state: "tag"; element: string }
  | { state: "afterName"; element: string; attr: string }
  | { state: "beforeValue"; element: string; attr: string }
  | { state: "attr"; element: string; attr: string; delimiter: '"' | "'" | " "; urlPart: "none" | "preQuery" | "queryOrFrag" }
  | { state: "rawText"; element: string };

// Attributes whose values html/template treats as URLs (escape.go attrTypeMap), and any whose name mentions src, uri or url.
const urlAttributes = new Set([
  "action", "archive", "background", "cite", "classid", "codebase", "data", "formaction", "href", "icon", "longdesc", "manifest", "poster",
  "profile", "src", "usemap", "xmlns",
]);

type AttributeKind = "url" | "plain" | "script" | "style";

function attributeKind(name: string): AttributeKind {
  let attr = name.toLowerCase();
  if (attr.startsWith("data-")) attr = attr.slice(5);
  else if (attr.includes(":")) attr = attr.slice(attr.indexOf(":") + 1);
  if (attr.startsWith("on")) return "script";
  if (attr === "style") return "style";
  if (urlAttributes.has(attr) || /src|uri|url/.test(attr)) return "url";
  return "plain";
}

/** Elements whose content is not HTML: values there would need escapers the stand-in does not have. */
const rawTextElements = new Set(["script", "style", "textarea", "title", "iframe", "noembed", "noframes", "noscript", "plaintext", "xmp"]);

/** Moves `context` over template text, returning the text to output (html/template drops comments). */
function advance(context: Context, text: string): { context: Context; output: string } {
  let output = "";
  let i = 0;
  let current = context;
  while (i < text.length) {
    const rest = text.slice(i);
    switch (current.state) {
      case "text": {
        const lt = rest.indexOf("<");
        if (lt === -1) {
          output += rest;
          i = text.length;
          break;
        }
        output += rest.slice(0, lt);
        const after = rest.slice(lt);
        if (after.startsWith("<!--")) {
          current = { state: "comment" };
          i += lt + 4;
          break;
        }
        const tag = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/.exec(after);
        if (tag) {
          current = { state: "tag", element: tag[1] ? "" : tag[2]!.toLowerCase() };
          output += tag[0];
          i += lt + tag[0].length;
        } else {
          output += "<";
          i += lt + 1;
        }
        break;
      }
      case "comment": {
        const end = rest.indexOf("-->");
        i = end === -1 ? text.length : i + end + 3;
        if (end !== -1) current = { state: "text" };
        break;
      }
      case "tag": {
        const space = /^[\s/]+/.exec(rest);
        if (space) {
          output += space[0];
          i += space[0].length;
        } else if (rest[0] === ">") {
          output += ">";
          i += 1;
          current = rawTextElements.has(current.element) ? { state: "rawText", element: current.element } : { state: "text" };
        } else {
          const name = /^[^\s=>/]+/.exec(rest)![0];
          output += name;
          i += name.length;
          current = { state: "afterName", element: current.element, attr: name };
        }
        break;
      }
      case "afterName": {
        const space = /^\s+/.exec(rest);
        if (space) {
          output += space[0];
          i += space[0].length;
        } else if (rest[0] === "=") {
          output += "=";
          i += 1;
          current = { state: "beforeValue", element: current.element, attr: current.attr };
        } else {
          current = { state: "tag", element: current.element };
        }
        break;
      }
      case "beforeValue": {
        const space = /^\s+/.exec(rest);
        if (space) {
          output += space[0];
          i += space[0].length;
        } else if (rest[0] === '"' || rest[0] === "'") {
          output += rest[0];
          i += 1;
          current = { state: "attr", element: current.element, attr: current.attr, delimiter: rest[0], urlPart: "none" };
        } else {
          current = { state: "attr", element: current.element, attr: current.attr, delimiter: " ", urlPart: "none" };
        }
        break;
      }
      case "attr": {
        const endPattern = current.delimiter === " " ? /[\s>]/ : new RegExp(current.delimiter);
        const end = rest.search(endPattern);
        const value = end === -1 ? rest : rest.slice(0, end);
        output += value;
        i += value.length;
        if (/[?#]/.test(value)) current = { ...current, urlPart: "queryOrFrag" };
        else if (value.trim() !== "" && current.urlPart === "none") current = { ...current, urlPart: "preQuery" };
        if (end !== -1) {
          if (current.delimiter !== " ") {
            output += current.delimiter;
            i += 1;
          }
          current = { state: "tag", element: current.element };
        }
        break;
      }
      case "rawText": {
        const close = rest.toLowerCase().indexOf(`</${current.element}`);
        if (close === -1) {
          output += rest;
          i = text.length;
        } else {
          output += rest.slice(0, close);
          i += close;
          current = { state: "text" };
        }
        break;
      }
    }
  }
  return { context: current, output };
}

const htmlReplacements: Record<string, string> = { "\0": "\uFFFD", '"': "&#34;", "&": "&amp;", "'": "&#39;", "+": "&#43;", "<": "&lt;", ">": "&gt;" };
// Unquoted attribute values also end at white space, `=` and a backtick.
const noSpaceReplacements: Record<string, string> = {
  ...htmlReplacements, "\t": "&#9;", "\n": "&#10;", "\v": "&#11;", "\f": "&#12;", "\r": "&#13;", " ": "&#32;", "=": "&#61;", "`": "&#96;",
};

/** html/template's htmlEscaper (and attrEscaper, which shares its table). */
export const escapeHtml = (value: string) => value.replace(/[\0"&'+<>]/g, (c) => htmlReplacements[c]!);

const escapeUnquotedAttribute = (value: string) =>
  value === "" ? "ZgotmplZ" : value.replace(/[\0"&'+<>\t\n\v\f\r =`]/g, (c) => noSpaceReplacements[c]!);

/** urlFilter: a URL with a scheme other than http, https or mailto becomes `#ZgotmplZ`. */
function filterUrl(value: string): string {
  const colon = value.indexOf(":");
  if (colon === -1) return value;
  const scheme = value.slice(0, colon);
  if (scheme.includes("/")) return value;
  return /^(https?|mailto)$/i.test(scheme) ? value : "#ZgotmplZ";
}

/** url.go processURLOnto: percent-encodes every byte but unreserved ones; `normalize` also keeps reserved ones and existing escapes. */
function processUrl(value: string, normalize: boolean): string {
  let out = "";
  for (const byte of new TextEncoder().encode(value)) {
    const c = String.fromCharCode(byte);
    const keep = /[A-Za-z0-9\-._~]/.test(c) || (normalize && /[!#$&*+,/:;=?@[\]%]/.test(c));
    out += keep ? c : `%${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

function escapeValue(context: Context, text: string, source: string): string {
  switch (context.state) {
    case "text":
      return escapeHtml(text);
    case "comment":
      return "";
    case "attr": {
      const kind = attributeKind(context.attr);
      if (kind === "script" || kind === "style") {
        throw new GoTemplateError(`${source} in the ${context.attr} attribute: values in scripts and styles are not supported by the local stack`);
      }
      let value = text;
      if (kind === "url") {
        if (context.urlPart === "none") value = processUrl(filterUrl(value), true);
        else if (context.urlPart === "preQuery") value = processUrl(value, true);
        else value = processUrl(value, false);
      }
      return context.delimiter === " " ? escapeUnquotedAttribute(value) : escapeHtml(value);
    }
    case "rawText":
      if (context.element === "title" || context.element === "textarea") return escapeHtml(text);
      throw new GoTemplateError(`${source} inside <${context.element}>: not supported by the local stack`);
    default:
      throw new GoTemplateError(`${source} inside a tag, where an attribute name is expected: not supported by the local stack`);
  }
}

const sameContext = (a: Context, b: Context) => JSON.stringify(a) === JSON.stringify(b);

function execute(nodes: Node[], data: Record<string, unknown>, start: Context): { context: Context; output: string } {
  let context = start;
  let output = "";
  for (const node of nodes) {
    if (node.kind === "text") {
      const step = advance(context, node.text);
      context = step.context;
      output += step.output;
    } else if (node.kind === "value") {
      // A value right after `=` starts an unquoted attribute value.
      if (context.state === "beforeValue") context = { state: "attr", element: context.element, attr: context.attr, delimiter: " ", urlPart: "none" };
      output += escapeValue(context, printValue(lookup(data, node.path)), node.source);
    } else {
      // html/template requires every branch to end in the same context; the one taken decides the output.
      const branches = [...node.branches.map((branch) => branch.body), node.otherwise];
      const ends = branches.map((body) => execute(body, data, context));
      if (!ends.every((end) => sameContext(end.context, ends[0]!.context))) {
        throw new GoTemplateError("{{ if }} branches end in different HTML contexts");
      }
      const taken = node.branches.findIndex((branch) => isTrue(lookup(data, branch.condition)));
      output += ends[taken === -1 ? branches.length - 1 : taken]!.output;
      context = ends[0]!.context;
    }
  }
  return { context, output };
}

/** Executes `source` with `data` as GoTrue's html/template would. */
export function renderGoTemplate(source: string, data: Record<string, unknown>): string {
  return execute(parse(source), data, { state: "text" }).output;
}
