import ipaddr from "ipaddr.js";

/**
 * The client a request came from, as the limits per address count it: the
 * first X-Forwarded-For value. Hosted Supabase's gateway sets the header
 * (behind the site's rewrite of /api, the first value is the one the static
 * host forwards); the local stack passes on what the client sent, so its
 * tests play many clients, as for Auth's limits
 * (local-stack/src/auth/rate-limits.ts). The
 * first value is what the client says, and a client may say anything: these
 * limits slow down a careless script, not a determined one (docs/api.md).
 *
 * An IPv6 client is its /64, the block one household or server is given,
 * so that it cannot take a fresh address for every request; a v4-mapped
 * address is its v4 one. Undefined without the header or a valid address first in it.
 */
export function clientAddress(forwardedFor: string | undefined): string | undefined {
  const first = forwardedFor?.split(",")[0]?.trim() ?? "";
  if (ipaddr.IPv4.isValidFourPartDecimal(first)) return ipaddr.IPv4.parse(first).toString();
  if (!ipaddr.IPv6.isValid(first) || first.includes("%")) return undefined;
  const v6 = ipaddr.IPv6.parse(first);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}

/**
 * What the database keeps of a client address: its SHA-256 (hex). The address
 * itself never reaches the database, its logs included.
 */
export async function addressHash(address: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(address));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
