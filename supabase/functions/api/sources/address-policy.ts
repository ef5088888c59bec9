import ipaddr from "ipaddr.js";

/**
 * Whether the checker may connect to `address`: only public unicast
 * addresses, never loopback, private, link-local (169.254.169.254, the cloud
 * metadata service), unique local, multicast, unspecified or any other
 * special range, v4 or v6; a v4-mapped v6 address is judged as its v4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
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
