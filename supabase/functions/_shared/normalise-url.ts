/**
 * A cited URL's one kept form, for the function (which extracts and checks a
 * post's sources) and the SPA (which finds a reference's checked source).
 */

// Query parameters that only say who sent the reader, not what the page is.
const trackingParameter = /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|igshid|yclid|_hsenc|_hsmi|mkt_tok|ref_src|si)$/i;

/**
 * A URL in its one kept form: http(s) only; scheme and host lower-case; the
 * default port, the fragment, tracking parameters and an empty query dropped;
 * a bare host gets the path "/". Undefined when it is no web address.
 */
export function normaliseUrl(raw: string): { url: string; host: string } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  if (!parsed.hostname || parsed.username || parsed.password) return undefined;
  // URL already lower-cases scheme and host, and drops the scheme's default port.
  parsed.hash = "";
  for (const name of [...parsed.searchParams.keys()]) {
    if (trackingParameter.test(name)) parsed.searchParams.delete(name);
  }
  if ([...parsed.searchParams.keys()].length === 0) parsed.search = "";
  const url = parsed.toString();
  if (url.length > 2048) return undefined;
  return { url, host: parsed.hostname.replace(/^\[|\]$/g, "") };
}
