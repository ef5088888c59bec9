/** The gateway's connections, as a client that keeps them open meets them. */
import http from "node:http";
import { setTimeout as idle } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { anonKey, supabaseUrl } from "./env.ts";

/** GET on `agent`'s connections: the status, and whether an open connection was used again. */
function get(agent: http.Agent, path: string): Promise<{ status: number; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${supabaseUrl}${path}`, { agent, headers: { apikey: anonKey } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reusedSocket: req.reusedSocket }));
    });
    req.on("error", reject);
  });
}

describe("gateway", () => {
  // Node's own default closes it after 5 s, and a request sent as it closes meets a reset (nodejs/node#20256).
  it("keeps an idle keep-alive connection open past Node's 5 s, as nginx (75 s) does", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, "/auth/v1/settings")).toEqual({ status: 200, reusedSocket: false });
      // The idle time is what is tested here, not a wait for something to happen.
      await idle(6_000);
      expect(await get(agent, "/auth/v1/settings")).toEqual({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });
});
