import assert from "node:assert/strict";
import { isPublicAddress, refusalFor, type Resolver } from "./address-policy.ts";

Deno.test("public unicast addresses are allowed, v4 and v6", () => {
  for (const address of ["93.184.216.34", "8.8.8.8", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:8.8.8.8"]) {
    assert.equal(isPublicAddress(address), true, address);
  }
});

Deno.test("loopback, private, link-local, unique local, multicast and unspecified are refused, v4 and v6", () => {
  const refused = [
    "127.0.0.1", "127.1.2.3", "::1", // loopback
    "10.0.0.1", "172.16.5.4", "192.168.1.1", "100.64.0.1", // private, carrier-grade NAT
    "169.254.169.254", "fe80::1", // link-local (the metadata service)
    "fc00::1", "fd12:3456::1", // unique local
    "224.0.0.1", "239.255.255.250", "ff02::1", // multicast
    "0.0.0.0", "::", // unspecified
    "255.255.255.255", "192.0.2.1", "2001:db8::1", // broadcast, documentation
    "::ffff:127.0.0.1", "::ffff:169.254.169.254", "::ffff:10.0.0.1", // v4-mapped v6
    "not an address",
  ];
  for (const address of refused) assert.equal(isPublicAddress(address), false, address);
});

Deno.test("an IPv6 address that carries an IPv4 one is judged by it, or refused when no site is reached that way", () => {
  const refused = [
    // IPv4-compatible (::a.b.c.d, RFC 4291 2.5.5.1, deprecated): some stacks route it to the v4 address.
    "::7f00:1", "::127.0.0.1", "::a9fe:a9fe", "::10.0.0.1", "::8.8.8.8",
    // IPv4-mapped written at length, and IPv4-translated (::ffff:0:a.b.c.d, RFC 6145).
    "0:0:0:0:0:ffff:7f00:1", "::ffff:0:7f00:1", "::ffff:0:808:808",
    // NAT64's well-known prefix (RFC 6052) before a private v4 address, and its local-use prefix (RFC 8215).
    "64:ff9b::7f00:1", "64:ff9b::169.254.169.254", "64:ff9b::a00:1", "64:ff9b:1::808:808",
    // 6to4 (2002::/16, RFC 3056, deprecated by RFC 7526), whatever v4 address it embeds.
    "2002:7f00:1::", "2002:a9fe:a9fe::1", "2002:c0a8:101::1", "2002:808:808::1",
    // Teredo (2001::/32), whose client address is obfuscated in it.
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    // Outside global unicast (2000::/3): reserved by the IETF, never a site's address.
    "::2", "100::1", "4000::1", "e000::1",
    // Special-purpose blocks inside 2000::/3 (IANA IPv6 Special-Purpose Address Registry).
    "2001:2::1", "2001:10::1", "2001:20::1", "3fff::1", "5f00::1",
    // A zone is no address a site has.
    "fe80::1%eth0",
  ];
  for (const address of refused) assert.equal(isPublicAddress(address), false, address);
  // A public v4 address behind NAT64's well-known prefix is that address (IANA: globally reachable).
  for (const address of ["64:ff9b::808:808", "64:ff9b::8.8.4.4"]) assert.equal(isPublicAddress(address), true, address);
});

const resolvesTo = (addresses: string[]): Resolver => () => Promise.resolve(addresses);

Deno.test("a host is refused when any of its addresses is not public", async () => {
  assert.equal(await refusalFor(new URL("https://news.example/a"), resolvesTo(["93.184.216.34"]), []), undefined);
  assert.match(
    (await refusalFor(new URL("https://rebind.example/a"), resolvesTo(["93.184.216.34", "10.1.1.1"]), [])) ?? "",
    /10\.1\.1\.1/,
  );
  assert.match((await refusalFor(new URL("ftp://news.example/"), resolvesTo(["93.184.216.34"]), [])) ?? "", /not http/);
});

Deno.test("only the allow-list's loopback host:port pairs may be opened, and nothing else private", async () => {
  const allowList = ["127.0.0.1:54826"];
  const loopback = resolvesTo(["127.0.0.1"]);
  assert.equal(await refusalFor(new URL("http://127.0.0.1:54826/x"), loopback, allowList), undefined);
  assert.notEqual(await refusalFor(new URL("http://127.0.0.1:54827/x"), loopback, allowList), undefined);
  assert.notEqual(await refusalFor(new URL("http://127.0.0.1/x"), loopback, allowList), undefined);
  assert.notEqual(await refusalFor(new URL("http://10.0.0.1:54826/x"), resolvesTo(["10.0.0.1"]), ["10.0.0.1:54826"]), undefined);
});
