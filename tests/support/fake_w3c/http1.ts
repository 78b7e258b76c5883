/**
 * A minimal HTTP/1.1 server on `Deno.listen`, for fakes that must misbehave the way real
 * automation servers do: hold a request forever, drop one connection without a reply, or die
 * (listener and every connection closed at once). `Deno.serve` cannot drop a connection
 * mid-request, so the fakes speak HTTP themselves. Keep-alive, `Content-Length` and chunked
 * request bodies; no pipelining (clients never pipeline).
 *
 * @module
 */

/** A request as read from the socket. */
export interface WireRequest {
  method: string;
  /** Path and query, as sent. */
  target: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: Uint8Array;
}

/** A reply to write. */
export interface WireReply {
  status: number;
  contentType: string;
  body: string;
}

/** What to do with one request. */
export type Disposition =
  | { reply: WireReply }
  /** Never answer; the connection stays open until the client or the server closes it. */
  | { hold: true }
  /** Close this connection without answering; the server keeps listening. */
  | { drop: true };

/** Answers one request. */
export type WireHandler = (request: WireRequest) => Promise<Disposition>;

const HEAD_END = new Uint8Array([13, 10, 13, 10]);
const MAX_HEAD_BYTES = 64 * 1024;

const REASONS: Record<number, string> = {
  200: "OK",
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/**
 * A listening HTTP/1.1 server. `close()` closes the listener and every open connection (held
 * requests included) and resolves when all of them are done.
 *
 * @example
 * ```ts
 * const server = new Http1Server({ hostname: "127.0.0.1", port: 0 }, async () => ({
 *   reply: { status: 200, contentType: "text/plain", body: "hi" },
 * }));
 * console.log(await (await fetch(server.url)).text()); // "hi"
 * await server.close();
 * ```
 */
export class Http1Server {
  readonly url: string;
  readonly port: number;
  readonly #listener: Deno.Listener;
  readonly #handler: WireHandler;
  readonly #conns = new Set<Deno.Conn>();
  readonly #loops = new Set<Promise<void>>();
  readonly #acceptLoop: Promise<void>;
  #closed = false;

  constructor(address: { hostname: string; port: number }, handler: WireHandler) {
    this.#listener = Deno.listen({ hostname: address.hostname, port: address.port });
    const addr = this.#listener.addr as Deno.NetAddr;
    this.port = addr.port;
    this.url = `http://${addr.hostname}:${addr.port}`;
    this.#handler = handler;
    this.#acceptLoop = this.#accept();
  }

  /** True once `close()` ran. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Closes the listener and all connections without answering what is pending. */
  async close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      try {
        this.#listener.close();
      } catch { /* already closed */ }
      for (const conn of this.#conns) closeQuietly(conn);
    }
    await this.#acceptLoop;
    while (this.#loops.size > 0) await Promise.all([...this.#loops]);
  }

  async #accept(): Promise<void> {
    try {
      for await (const conn of this.#listener) {
        if (this.#closed) {
          closeQuietly(conn);
          break;
        }
        this.#conns.add(conn);
        const loop = this.#serve(conn).finally(() => {
          this.#conns.delete(conn);
          this.#loops.delete(loop);
        });
        this.#loops.add(loop);
      }
    } catch {
      // The listener was closed.
    }
  }

  async #serve(conn: Deno.Conn): Promise<void> {
    const reader = new ConnReader(conn);
    try {
      while (!this.#closed) {
        const request = await reader.readRequest();
        if (request === null) break;
        const disposition = await this.#handler(request);
        if (this.#closed) break;
        if ("reply" in disposition) {
          await writeAll(conn, encodeReply(disposition.reply));
          if (request.headers["connection"]?.toLowerCase() === "close") break;
          continue;
        }
        if ("hold" in disposition) await reader.drainUntilClosed();
        break;
      }
    } catch {
      // The peer went away or the server closed the connection: nothing left to answer.
    } finally {
      closeQuietly(conn);
    }
  }
}

function encodeReply(reply: WireReply): Uint8Array {
  const body = new TextEncoder().encode(reply.body);
  const head = `HTTP/1.1 ${reply.status} ${REASONS[reply.status] ?? "Status"}\r\n` +
    `Content-Type: ${reply.contentType}\r\n` +
    `Content-Length: ${body.length}\r\n` +
    `Connection: keep-alive\r\n\r\n`;
  const headBytes = new TextEncoder().encode(head);
  const out = new Uint8Array(headBytes.length + body.length);
  out.set(headBytes);
  out.set(body, headBytes.length);
  return out;
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) offset += await conn.write(bytes.subarray(offset));
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch { /* already closed */ }
}

/** Buffered reads of whole requests from one connection. */
class ConnReader {
  #buffer: Uint8Array = new Uint8Array(0);
  readonly #conn: Deno.Conn;

  constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  /** The next request, or null when the peer closed the connection between requests. */
  async readRequest(): Promise<WireRequest | null> {
    const headEnd = await this.#fillUntil(HEAD_END);
    if (headEnd === -1) return null;
    const head = new TextDecoder().decode(this.#take(headEnd + HEAD_END.length));
    const [requestLine, ...headerLines] = head.trimEnd().split("\r\n");
    const [method, target] = requestLine.split(" ");
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      if (colon > 0) {
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
    }
    const body = headers["transfer-encoding"]?.toLowerCase().includes("chunked")
      ? await this.#readChunked()
      : await this.#readExactly(Number(headers["content-length"] ?? "0"));
    return { method, target, headers, body };
  }

  /** Reads and discards until the peer closes (a held request waits here). */
  async drainUntilClosed(): Promise<void> {
    const scratch = new Uint8Array(4096);
    while ((await this.#conn.read(scratch)) !== null) { /* discard */ }
  }

  async #readChunked(): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    const crlf = new Uint8Array([13, 10]);
    for (;;) {
      const lineEnd = await this.#fillUntil(crlf);
      if (lineEnd === -1) throw new Error("connection closed inside a chunked body");
      const size = parseInt(new TextDecoder().decode(this.#take(lineEnd + 2)).trim(), 16);
      if (size === 0) {
        await this.#readExactly(2);
        return concat(parts);
      }
      parts.push(await this.#readExactly(size));
      await this.#readExactly(2);
    }
  }

  async #readExactly(n: number): Promise<Uint8Array> {
    while (this.#buffer.length < n) {
      if (!(await this.#fill())) throw new Error("connection closed inside a body");
    }
    return this.#take(n);
  }

  async #fillUntil(marker: Uint8Array): Promise<number> {
    for (;;) {
      const at = indexOf(this.#buffer, marker);
      if (at !== -1) return at;
      if (this.#buffer.length > MAX_HEAD_BYTES) throw new Error("request head too large");
      if (!(await this.#fill())) return -1;
    }
  }

  async #fill(): Promise<boolean> {
    const chunk = new Uint8Array(16 * 1024);
    const n = await this.#conn.read(chunk);
    if (n === null) return false;
    this.#buffer = concat([this.#buffer, chunk.subarray(0, n)]);
    return true;
  }

  #take(n: number): Uint8Array {
    const out = this.#buffer.slice(0, n);
    this.#buffer = this.#buffer.slice(n);
    return out;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
