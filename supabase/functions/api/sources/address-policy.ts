import ipaddr from "ipaddr.js";

/** 2000::/3, the only IPv6 space IANA allocates as global unicast (IANA "Internet Protocol Version 6 Address Space"). */
const globalUnicast = ipaddr.parseCIDR("2000::/3");
/** NAT64's well-known prefix (RFC 6052): a translator reaches the IPv4 address in its last 32 bits. */
const nat64WellKnown = ipaddr.parseCIDR("64:ff9b::/96");

/** The IPv4 address in the last 32 bits of `address`. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [high, low] = address.parts.slice(6);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * An IPv6 address as fetch reads it: through the URL parser (WHATWG), which
 * gives its canonical form. ipaddr.js alone would read the IPv4-compatible
 * ::8.8.8.8 as the v4-mapped ::ffff:8.8.8.8. Undefined for anything else
 * (a zone, another v4 notation).
 */
function parseIPv6(address: string): ipaddr.IPv6 | undefined {
  if (!address.includes(":")) return undefined;
  try {
    const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
    return ipaddr.IPv6.isValid(canonical) ? ipaddr.IPv6.parse(canonical) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the checker may connect to `address`: only public unicast
 * addresses, never loopback, private, link-local (169.254.169.254, the cloud
 * metadata service), unique local, multicast, unspecified or any other
 * special range of IANA's special-purpose registries, v4 or v6. An IPv6
 * address that carries an IPv4 one is judged by it where the network reaches
 * that v4 address (v4-mapped ::ffff:a.b.c.d; NAT64's 64:ff9b::a.b.c.d) and
 * refused where no site is reached that way: IPv4-compatible ::a.b.c.d
 * (deprecated, yet a host with an automatic tunnel sends ::7f00:1 to
 * 127.0.0.1), IPv4-translated
 * ::ffff:0:a.b.c.d, local-use NAT64 (64:ff9b:1::/48), 6to4 (2002::/16) and
 * Teredo (2001::/32). Any other v6 address must be global unicast (2000::/3)
 * outside the special-purpose blocks ipaddr.js knows.
 */
export function isPublicAddress(address: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address).range() === "unicast";
  const v6 = parseIPv6(address);
  if (!v6) return false;
  if (v6.isIPv4MappedAddress() || v6.match(nat64WellKnown)) return embeddedIPv4(v6).range() === "unicast";
  return v6.match(globalUnicast) && v6.range() === "unicast";
}

/** Whether `address` is a loopback address (127/8, ::1, or v4-mapped 127/8). */
export function isLoopback(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === "loopback";
}

/** The addresses a host name stands for: an IP literal itself, `localhost` loopback, else A and AAAA records. */
export type Resolver = (hostname: string) => Promise<string[]>;

/** Thrown when a host name resolves to nothing. */
export class UnresolvedHost extends Error {}

export const resolveWithDns: Resolver = async (hostname) => {
  if (ipaddr.isValid(hostname)) return [hostname];
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return ["127.0.0.1", "::1"];
  const answers = await Promise.allSettled([Deno.resolveDns(hostname, "A"), Deno.resolveDns(hostname, "AAAA")]);
  const addresses = answers.flatMap((answer) => answer.status === "fulfilled" ? answer.value : []);
  if (!addresses.length) throw new UnresolvedHost(`${hostname} does not resolve`);
  return addresses;
};

/** Why the checker will not open a URL, or undefined when it may. */
export async function refusalFor(url: URL, resolve: Resolver, loopbackAllowList: readonly string[]): Promise<string | undefined> {
  if (url.protocol !== "http:" && url.protocol !== "https:") return `${url.protocol} is not http(s)`;
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = await resolve(hostname);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  // Tests and the local stack's stand-ins listen on loopback; only the host:port pairs the environment names may be opened.
  const allowedLoopback = loopbackAllowList.includes(`${hostname}:${port}`);
  const refused = addresses.find((address) => !isPublicAddress(address) && !(allowedLoopback && isLoopback(address)));
  return refused ? `${url.host} resolves to ${refused}, which is not a public address` : undefined;
}
