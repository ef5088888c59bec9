import robotsParserModule from "robots-parser";
import { safeFetch, type SafeFetchOptions } from "./safe-fetch.ts";

type RobotsRules = { isAllowed(url: string, ua?: string): boolean | undefined };

// The package's typings declare the module twice, and Deno then types the CommonJS default import as the module itself.
const robotsParser = robotsParserModule as unknown as (url: string, text: string) => RobotsRules;

/** The product token robots.txt rules name the checker by. */
export const robotsToken = "ArchiveLinkChecker";

// Each site's rules, kept for a while so checking many of its pages asks for them once.
const keptRules = new Map<string, { rules: RobotsRules | undefined; until: number }>();
const keepForMs = 10 * 60 * 1000;

/** A site's robots.txt rules; undefined when it has none or it cannot be read (RFC 9309, 2.3.1.3: then everything is allowed). */
async function rulesFor(origin: string, options: SafeFetchOptions): Promise<RobotsRules | undefined> {
  const kept = keptRules.get(origin);
  if (kept && kept.until > Date.now()) return kept.rules;
  const robotsUrl = `${origin}/robots.txt`;
  // Read with the same care as any page.
  const outcome = await safeFetch(robotsUrl, { ...options, maxBytes: 500 * 1024 });
  const rules = outcome.kind === "answered" && outcome.status >= 200 && outcome.status < 300
    ? robotsParser(robotsUrl, new TextDecoder().decode(outcome.body))
    : undefined;
  keptRules.set(origin, { rules, until: Date.now() + keepForMs });
  return rules;
}

/** Whether robots.txt lets the checker fetch `url`. */
export async function robotsAllow(url: string, options: SafeFetchOptions): Promise<boolean> {
  const rules = await rulesFor(new URL(url).origin, options);
  return rules?.isAllowed(url, robotsToken) !== false;
}
