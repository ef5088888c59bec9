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
