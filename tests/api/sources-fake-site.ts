/**
 * The sites a post cites, played on loopback for the sources tests: a page
 * that answers 200, one moved for good (301), one gone (404), a slow one, a
 * huge one, one that turns robots away (403), one robots.txt forbids, and
 * redirects to places the checker must never go (loopback, the cloud
 * metadata address, v4-mapped and IPv4-compatible loopback addresses). It listens on the one
 * place besides the Wayback stand-in that the stack's function may open on
 * loopback (SOURCES_TEST_SITE, host:port); a second listener on a random port
 * of 127.0.0.1 plays the forbidden loopback service and counts what reaches it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSite {
  /** An absolute URL of the fake site, unique to this run so each test's sources are new. */
  url(path: string): string;
  /** The requests the site received (path and User-Agent), in order, with when. */
  requests: { path: string; userAgent: string; at: number }[];
  /** Requests that reached the forbidden loopback service. */
  forbiddenHits: () => number;
  /** Bytes of /huge written before the checker stopped reading. */
  hugeBytesSent: () => number;
  hugeTotalBytes: number;
  close(): Promise<void>;
}

const hugeTotalBytes = 64 * 1024 * 1024;

function listen(server: http.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startFakeSite(): Promise<FakeSite> {
  const place = process.env.SOURCES_TEST_SITE;
  if (!place) throw new Error("SOURCES_TEST_SITE is not set: export the stack's variables (npm run --silent stack:env)");
  const [host, port] = [place.slice(0, place.lastIndexOf(":")), Number(place.slice(place.lastIndexOf(":") + 1))];
  const run = Math.random().toString(36).slice(2, 10);
  const requests: FakeSite["requests"] = [];
  let forbidden = 0;
  let hugeSent = 0;

  const forbiddenServer = http.createServer((_req, res) => {
    forbidden += 1;
    res.end("internal secrets");
  });
  const forbiddenPort = await listen(forbiddenServer, "127.0.0.1", 0);

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake-site").pathname;
    requests.push({ path, userAgent: req.headers["user-agent"] ?? "", at: Date.now() });
    const redirect = (status: number, location: string) => {
      res.writeHead(status, { location });
      res.end();
    };
    switch (path) {
      case "/robots.txt":
        res.writeHead(200, { "content-type": "text/plain" });
        return void res.end("User-agent: ArchiveLinkChecker\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n");
      case "/ok":
      case "/new-home":
      case "/private/page":
        res.writeHead(200, { "content-type": "text/html" });
        return void res.end("<!doctype html><title>Fine</title>");
      case "/old":
        return redirect(301, `/new-home?run=${run}`);
      case "/temporary":
        return redirect(302, `/ok?run=${run}`);
      case "/gone":
        res.writeHead(404);
        return void res.end("Not found");
      case "/blocked":
        res.writeHead(403);
        return void res.end("No robots");
      case "/slow":
        // Headers never come; the checker gives up after 10 s.
        return void req.socket.setTimeout(30_000, () => req.socket.destroy());
      case "/huge": {
        res.writeHead(200, { "content-type": "application/octet-stream" });
        const chunk = Buffer.alloc(64 * 1024, 97);
        const write = () => {
          while (hugeSent < hugeTotalBytes) {
            hugeSent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", write);
          }
          res.end();
        };
        res.on("close", () => res.removeAllListeners("drain"));
        return write();
      }
      case "/to-loopback":
        return redirect(302, `http://127.0.0.1:${forbiddenPort}/admin`);
      case "/to-mapped-loopback":
        return redirect(301, `http://[::ffff:127.0.0.1]:${forbiddenPort}/admin`);
      case "/to-metadata":
        return redirect(302, "http://169.254.169.254/latest/meta-data/");
      case "/to-compatible-loopback":
        // IPv4-compatible (::a.b.c.d): the loopback address in an IPv6 form most policies forget.
        return redirect(302, `http://[::7f00:1]:${forbiddenPort}/admin`);
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await listen(server, host, port);

  return {
    url: (path) => `http://${host}:${port}${path}?run=${run}`,
    requests,
    forbiddenHits: () => forbidden,
    hugeBytesSent: () => hugeSent,
    hugeTotalBytes,
    close: async () => {
      for (const s of [server, forbiddenServer]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}
