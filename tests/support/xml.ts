/**
 * XML as feed readers and crawlers read it: well-formedness checked by
 * fast-xml-parser's validator, then parsed with attributes kept (as `@_name`).
 * Elements that may repeat are always arrays.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

const repeating = new Set(["entry", "category", "link", "url", "sitemap"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Text as written: a title of digits stays a string.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => repeating.has(name),
});

// A parsed document's shape is what the tests assert, as with the API's JSON answers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function parseXml(text: string): Record<string, any> {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  return parser.parse(text);
}

/** An element's text whether or not it has attributes. */
export const textOf = (element: unknown): string =>
  typeof element === "object" && element !== null ? String((element as Record<string, unknown>)["#text"] ?? "") : String(element ?? "");
