import assert from "node:assert/strict";
import { addressHash, clientAddress } from "./client-address.ts";

Deno.test("the client is the first X-Forwarded-For value, v4 as written", () => {
  assert.equal(clientAddress("203.0.113.7"), "203.0.113.7");
  assert.equal(clientAddress(" 203.0.113.7 , 10.0.0.1, 172.16.0.2"), "203.0.113.7");
  assert.equal(clientAddress("::ffff:203.0.113.7"), "203.0.113.7");
});

Deno.test("an IPv6 client is its /64, however it writes its address", () => {
  assert.equal(clientAddress("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  assert.equal(clientAddress("2001:0db8:0001:0002:ffff::1, 203.0.113.7"), "2001:db8:1:2::/64");
  assert.equal(clientAddress("2001:db8:1:3::1"), "2001:db8:1:3::/64");
});

Deno.test("no header, or no address first in it, is no client address", () => {
  for (const header of [undefined, "", " ", "unknown", "203.0.113", "0x7f.1", "fe80::1%eth0", "not, 203.0.113.7"]) {
    assert.equal(clientAddress(header), undefined, String(header));
  }
});

Deno.test("the database gets a SHA-256 of the address, never the address", async () => {
  const hash = await addressHash("203.0.113.7");
  assert.match(hash, /^[0-9a-f]{64}$/);
  assert.equal(hash, await addressHash("203.0.113.7"));
  assert.notEqual(hash, await addressHash("203.0.113.8"));
});
