/**
 * A mail catcher in the manner of Mailpit, which `supabase start` runs on port
 * 54324: an SMTP server that keeps every message it receives (Auth sends its
 * e-mails there), a page that lists and shows them, and the subset of
 * Mailpit's REST API that the end-to-end tests read on both stacks
 * (https://mailpit.axllent.org/docs/api-v1/):
 *
 *   GET    /api/v1/messages          newest first: {total, count, messages: [summary]}
 *   GET    /api/v1/search?query=to:… the same, for one recipient
 *   GET    /api/v1/message/{ID}      one message, with Text and HTML
 *   GET    /api/v1/message/{ID}/headers  its headers, {Name: [values]} (e.g. List-Unsubscribe)
 *   DELETE /api/v1/messages          forget them all
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";
import { ports, type Log } from "./config.ts";
import { sendJson } from "./http.ts";

interface Address {
  Name: string;
  Address: string;
}

interface Message {
  ID: string;
  MessageID: string;
  From: Address | null;
  To: Address[];
  Subject: string;
  Created: string;
  Size: number;
  Text: string;
  HTML: string;
  /** As Mailpit's headers endpoint gives them: each name as sent, with every value. */
  Headers: Record<string, string[]>;
}

/** The raw header lines, unfolded, by name (mailparser's parsed headers lose the names' case and some values' text). */
function headerMap(lines: readonly { key: string; line: string }[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const { line } of lines) {
    const colon = line.indexOf(":");
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim();
    (map[name] ??= []).push(line.slice(colon + 1).replace(/\r?\n(?=[ \t])/g, "").trim());
  }
  return map;
}

/** Kept in memory, as Mailpit keeps them by default; the oldest go past this many. */
const maxMessages = 500;
const messages: Message[] = [];

function addresses(value: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((group) => group.value.map((a) => ({ Name: a.name ?? "", Address: (a.address ?? "").toLowerCase() })));
}

function summary(message: Message) {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: false,
    From: message.From,
    To: message.To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: message.Subject,
    Created: message.Created,
    Tags: [],
    Size: message.Size,
    Attachments: 0,
    Snippet: message.Text.replace(/\s+/g, " ").trim().slice(0, 250),
  };
}

function list(found: Message[]) {
  const newestFirst = [...found].reverse();
  return { total: found.length, unread: found.length, count: newestFirst.length, messages_count: found.length, start: 0, tags: [], messages: newestFirst.map(summary) };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(res: http.ServerResponse, title: string, body: string): void {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:15px system-ui,sans-serif;margin:2rem;max-width:60rem}td{padding:.3rem .8rem;border-bottom:1px solid #ddd}</style>
<body>${body}</body></html>`;
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end(html);
}

function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://localhost");
  const method = req.method ?? "GET";
  if (url.pathname === "/api/v1/messages" && method === "GET") return sendJson(res, 200, list(messages));
  if (url.pathname === "/api/v1/messages" && method === "DELETE") {
    messages.length = 0;
    res.writeHead(200, { "Content-Type": "text/plain" });
    return void res.end("ok");
  }
  if (url.pathname === "/api/v1/search" && method === "GET") {
    const to = /(?:^|\s)to:"?([^"\s]+)"?/i.exec(url.searchParams.get("query") ?? "")?.[1]?.toLowerCase();
    return sendJson(res, 200, list(to ? messages.filter((m) => m.To.some((a) => a.Address === to)) : messages));
  }
  const headers = /^\/api\/v1\/message\/([\w-]+)\/headers$/.exec(url.pathname);
  if (headers && method === "GET") {
    const message = messages.find((m) => m.ID === headers[1]);
    if (!message) return sendJson(res, 404, { Error: "message not found" });
    return sendJson(res, 200, message.Headers);
  }
  const one = /^\/api\/v1\/message\/([\w-]+)$/.exec(url.pathname);
  if (one && method === "GET") {
    const message = messages.find((m) => m.ID === one[1]);
    if (!message) return sendJson(res, 404, { Error: "message not found" });
    return sendJson(res, 200, {
      ...summary(message), ReturnPath: message.From?.Address ?? "", Date: message.Created, Text: message.Text, HTML: message.HTML, Inline: [], Attachments: [],
    });
  }
  const view = /^\/view\/([\w-]+)$/.exec(url.pathname);
  if (view && method === "GET") {
    const message = messages.find((m) => m.ID === view[1]);
    if (!message) return sendJson(res, 404, { Error: "message not found" });
    // The message's own HTML, as Auth wrote it, in a sandboxed frame as Mailpit shows it (no scripts, none of
    // this page's styles); its links, what a user would click, open in a new tab.
    const base = '<base target="_blank">';
    const html = /<head[^>]*>/i.test(message.HTML) ? message.HTML.replace(/<head[^>]*>/i, (head) => head + base) : base + message.HTML;
    const body = message.HTML
      ? `<iframe title="Message" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(html)}"
  style="display:block;width:100%;height:80vh;border:1px solid #ddd"></iframe>`
      : `<pre>${escapeHtml(message.Text)}</pre>`;
    return page(res, message.Subject, `<p><a href="/">← all messages</a></p><h1>${escapeHtml(message.Subject)}</h1>
<p>To ${escapeHtml(message.To.map((a) => a.Address).join(", "))}</p>${body}`);
  }
  if (url.pathname === "/" && method === "GET") {
    const rows = [...messages].reverse().map((m) =>
      `<tr><td>${escapeHtml(m.Created)}</td><td>${escapeHtml(m.To.map((a) => a.Address).join(", "))}</td><td><a href="/view/${m.ID}">${escapeHtml(m.Subject)}</a></td></tr>`);
    return page(res, "Mail (local stack)", `<h1>Mail sent by the local stack</h1>
${rows.length ? `<table>${rows.join("")}</table>` : "<p>No messages yet.</p>"}`);
  }
  sendJson(res, 404, { Error: "not found" });
}

export interface MailCatcher {
  close(): Promise<void>;
}

export async function startMailCatcher(log: Log): Promise<MailCatcher> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const raw = parsed.html || "";
          messages.push({
            ID: randomUUID(),
            MessageID: parsed.messageId ?? "",
            From: addresses(parsed.from)[0] ?? null,
            To: addresses(parsed.to),
            Subject: parsed.subject ?? "",
            Created: (parsed.date ?? new Date()).toISOString(),
            Size: (parsed.text?.length ?? 0) + raw.length,
            Text: parsed.text ?? "",
            HTML: raw,
            Headers: headerMap(parsed.headerLines),
          });
          if (messages.length > maxMessages) messages.splice(0, messages.length - maxMessages);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(ports.smtp, "127.0.0.1", () => resolve());
  });
  const web = http.createServer(handle);
  await new Promise<void>((resolve, reject) => {
    web.once("error", reject);
    web.listen(ports.mail, "127.0.0.1", () => resolve());
  });
  log(`mail catcher: http://127.0.0.1:${(web.address() as AddressInfo).port} (SMTP on ${ports.smtp})`);
  return {
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => web.close(() => resolve())),
      ]).then(() => undefined),
  };
}
