/**
 * The API gateway on port 54321, standing in for Supabase's Kong: one origin
 * for Auth, Storage and the edge function, with the paths supabase-js uses.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { ports, type Log } from "./config.ts";
import type { AuthContext } from "./auth/context.ts";
import { handleAuth } from "./auth/routes.ts";
import { corsHeaders, sendJson } from "./http.ts";
import { handleStorage, type StorageContext } from "./storage.ts";
import { handleRender } from "./storage-render.ts";

export interface Gateway {
  close(): Promise<void>;
}

/**
 * Streams the request to the Deno function and its answer back, without
 * buffering, so large uploads and slow responses pass through as they come.
 * Hosted Supabase hands the function a path that starts with its name.
 */
function proxyToFunction(req: IncomingMessage, res: ServerResponse, functionPath: string, log: Log): void {
  const headers = { ...req.headers, host: `127.0.0.1:${ports.function}`, "x-forwarded-host": req.headers.host ?? "", "x-forwarded-proto": "http" };
  let answered = false;
  const upstream = http.request(
    { host: "127.0.0.1", port: ports.function, method: req.method, path: functionPath, headers },
    (answer) => {
      answered = true;
      // Connection headers are hop-by-hop. The function closes its connection
      // when it answers before reading the whole body (a 401 or 413); the
      // client's connection is ours, and stays open while Node reads and drops
      // the rest of the body, so the client reads the answer instead of a
      // reset in the middle of sending (the "lingering close" of HTTP servers).
      const { connection: _connection, "keep-alive": _keepAlive, ...answerHeaders } = answer.headers;
      if (!req.readableEnded && req.headers["x-local-dev-proxy"]) {
        req.unpipe(upstream);
        return relayAfterBody(req, res, answer, answerHeaders);
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
      answer.pipe(res);
      // Answered before taking the whole body, the function may stop reading it
      // without closing (Deno does after a 413 of a streamed body): the pipe then
      // stalls, this keep-alive connection with it, and the client's next request
      // on it waits until Node's keep-alive timeout resets it (ECONNRESET after
      // 5 s). So the rest is read and dropped here, and that upstream is closed.
      res.once("finish", () => {
        if (req.readableEnded) return;
        req.unpipe(upstream);
        upstream.destroy();
        req.resume();
      });
      // Cut off in the middle of its answer: the client must not take a part for the whole.
      answer.on("aborted", () => res.destroy());
    },
  );
  let clientGone = false;
  upstream.on("error", (error) => {
    if (clientGone) return; // destroyed below: nothing to report
    // Answered, then closed before taking the rest of the body: the answer still
    // goes out, and the rest of the body is read and dropped. Left unread, it
    // would stall this keep-alive connection, and the client's next request on
    // it would wait and then be reset (seen as ECONNRESET after 5 s).
    if (answered) {
      req.unpipe(upstream);
      req.resume();
      return;
    }
    log(`[gateway] the api function did not answer: ${error.message}`);
    if (!res.headersSent) sendJson(res, 502, { code: "BOOT_ERROR", message: "The api function is not running (is it restarting after a change?)" });
    else res.destroy();
  });
  // The client went away: stop the upstream request too.
  res.on("close", () => {
    if (res.writableFinished) return;
    clientGone = true;
    upstream.destroy();
  });
  // The headers go at once, so the function can refuse a request by them alone (401, a declared length over its limit).
  upstream.flushHeaders();
  req.pipe(upstream);
}

/**
 * For the site's dev server proxy (it marks its requests): an answer that came
 * before the whole body is kept (it is short) and sent once the rest of the
 * body has arrived and been dropped. http-proxy, which Vite uses, turns an
 * early answer into a broken request (EPIPE) when the connection closes while
 * it still writes; measured with 20 anonymous 8 MB uploads, about half broke.
 */
function relayAfterBody(req: IncomingMessage, res: ServerResponse, answer: IncomingMessage, headers: http.IncomingHttpHeaders): void {
  const chunks: Buffer[] = [];
  answer.on("data", (chunk: Buffer) => chunks.push(chunk));
  const answerRead = new Promise<void>((resolve) => answer.once("end", resolve).once("error", () => resolve()));
  const bodyRead = new Promise<void>((resolve) => req.once("end", resolve).once("error", () => resolve()));
  req.resume();
  void Promise.all([answerRead, bodyRead]).then(() => {
    if (res.destroyed) return;
    const body = Buffer.concat(chunks);
    const { "transfer-encoding": _chunked, "content-length": _length, ...rest } = headers;
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, { ...rest, "content-length": body.length });
    res.end(body);
  });
}

export async function startGateway({ auth, storage, log }: { auth: AuthContext; storage: StorageContext; log: Log }): Promise<Gateway> {
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
    const path = url.pathname;
    try {
      const fn = /^\/functions\/v1\/([^/]+)(\/.*)?$/.exec(path);
      if (fn) {
        if (fn[1] !== "api") return sendJson(res, 404, { code: "NOT_FOUND", message: "Requested function was not found" });
        return proxyToFunction(req, res, `/api${fn[2] ?? ""}${url.search}`, log);
      }
      if (req.method === "OPTIONS") {
        res.writeHead(204, corsHeaders);
        return void res.end();
      }
      if (path.startsWith("/auth/v1/")) return await handleAuth(auth, req, res, path.slice("/auth/v1".length), url);
      if (path.startsWith("/storage/v1/object/")) return await handleStorage(storage, req, res, path.slice("/storage/v1/object".length));
      if (path.startsWith("/storage/v1/render/image/")) {
        return await handleRender(storage, req, res, path.slice("/storage/v1/render/image".length), url.searchParams);
      }
      sendJson(res, 404, { message: `no route for ${path} in the local stack` });
    } catch (error) {
      log(`[gateway] ${req.method} ${path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { code: "unexpected_failure", message: "Unexpected failure in the local stack" });
      else res.destroy();
    }
  };
  // Both loopbacks, since `localhost` may resolve to either; never other interfaces.
  const servers: http.Server[] = [];
  for (const host of ["127.0.0.1", "::1"]) {
    const server = http.createServer(handler);
    // Node closes an idle keep-alive connection after 5 s; a client that sends
    // its next request on it as it closes gets a reset (nodejs/node#20256),
    // which the api function's Storage uploads met. nginx keeps one 75 s
    // (its keepalive_timeout default), and `supabase start` runs Kong without
    // changing it (supabase/cli internal/start/start.go sets no
    // KONG_NGINX_HTTP_KEEPALIVE_TIMEOUT).
    server.keepAliveTimeout = 75_000;
    const listening = await new Promise<boolean>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) => {
        if (host === "::1" && (error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT")) resolve(false);
        else reject(error);
      });
      server.listen(ports.gateway, host, () => resolve(true));
    });
    if (listening) servers.push(server);
  }
  return {
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}
