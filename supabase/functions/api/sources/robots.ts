import robotsParserModule from "robots-parser";
import { safeFetch, type SafeFetchOptions } from "./safe-fetch.ts";

// The package's typings declare the module twice, and Deno then types the CommonJS default import as the module itself.
const robotsParser = robotsParserModule as unknown as (url: string, text: string) => { isAllowed(url: string, ua?: string): boolean | undefined };

/** The product token robots.txt rules name the checker by. */
export const robotsToken = "ArchiveLinkChecker";

/**
 * Whether robots.txt lets the checker fetch `url`. Its rules are read with
 * the same care as any page (safeFetch); a site without one, or whose
 * robots.txt cannot be read, allows everything (RFC 9309, 2.3.1.3).
 */
export async function robotsAllow(url: string, options: SafeFetchOptions): Promise<boolean> {
  const robotsUrl = new URL("/robots.txt", url).toString();
  const outcome = await safeFetch(robotsUrl, { ...options, maxRedirects: 5, maxBytes: 500 * 1024 });
  if (outcome.kind !== "answered" || outcome.status < 200 || outcome.status >= 300) return true;
  const rules = robotsParser(robotsUrl, new TextDecoder().decode(outcome.body));
  return rules.isAllowed(url, robotsToken) !== false;
}
