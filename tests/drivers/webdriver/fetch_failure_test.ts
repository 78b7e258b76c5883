// What Deno's fetch reports for each real-socket failure, and how we judge delivery from it.
// Raw `Deno.listen` sockets, no HTTP server in between: these lock the mapping documented in
// src/drivers/webdriver/fetch_failure.ts against the runtime.
import assert from "node:assert/strict";
import {
  classifyFetchFailure,
  describeFetchFailure,
} from "../../../src/drivers/webdriver/fetch_failure.ts";
import { closedPort } from "./helpers.ts";

/** One fetch that must fail; returns the error and the signals it ran under. */
async function failingFetch(
  url: string,
  init: RequestInit & { deadline?: AbortController; caller?: AbortController } = {},
): Promise<{ err: unknown; deadline: AbortSignal; caller?: AbortSignal }> {
  const deadline = init.deadline ?? new AbortController();
  const signals = [deadline.signal, ...(init.caller ? [init.caller.signal] : [])];
  const client = Deno.createHttpClient({});
  try {
    const response = await fetch(url, { ...init, client, signal: AbortSignal.any(signals) });
    await response.text();
  } catch (err) {
    return { err, deadline: deadline.signal, caller: init.caller?.signal };
  } finally {
    client.close();
  }
  throw new Error("fetch unexpectedly succeeded");
}

/** A raw listener whose accepted connections get `onConn`; close() waits for them. */
function rawServer(onConn: (conn: Deno.Conn) => Promise<void>) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const conns: Promise<void>[] = [];
  const accepted: Deno.Conn[] = [];
  const loop = (async () => {
    try {
      for await (const conn of listener) {
        accepted.push(conn);
        conns.push(onConn(conn).catch(() => {}));
      }
    } catch { /* closed */ }
  })();
  return {
    url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}/x`,
    accepted,
    async close() {
      listener.close();
      for (const c of accepted) {
        try {
          c.close();
        } catch { /* closed */ }
      }
      await loop;
      await Promise.all(conns);
    },
  };
}

async function readSome(conn: Deno.Conn): Promise<string> {
  const buf = new Uint8Array(65536);
  const n = await conn.read(buf);
  return new TextDecoder().decode(buf.subarray(0, n ?? 0));
}

Deno.test("a closed port is connection refused: undelivered", async () => {
  const { err, deadline } = await failingFetch(`http://127.0.0.1:${closedPort()}/status`, {
    method: "POST",
    body: "{}",
  });
  assert.equal(classifyFetchFailure(err, { deadline }), "undelivered");
  assert.equal(describeFetchFailure(err), "connection refused");
});

Deno.test("a server that accepts and never answers: the deadline makes it hung", async () => {
  let received = "";
  let gotRequest: () => void = () => {};
  const requestSeen = new Promise<void>((r) => gotRequest = r);
  const server = rawServer(async (conn) => {
    received = await readSome(conn);
    gotRequest();
    await readSome(conn); // hold until the client gives up
  });
  try {
    const deadline = new AbortController();
    requestSeen.then(() => deadline.abort(new DOMException("deadline", "TimeoutError")));
    const result = await failingFetch(server.url, { method: "POST", body: '{"x":1}', deadline });
    assert.match(received, /^POST \/x HTTP\/1\.1/, "the request did reach the server");
    assert.equal(classifyFetchFailure(result.err, { deadline: result.deadline }), "hung");
  } finally {
    await server.close();
  }
});

Deno.test("a server that resets the connection mid-request: delivered", async () => {
  const server = rawServer(async (conn) => {
    await readSome(conn); // took the request, then dies without a word
    conn.close();
  });
  try {
    const { err, deadline } = await failingFetch(server.url, { method: "POST", body: "{}" });
    assert.equal(classifyFetchFailure(err, { deadline }), "delivered");
    assert.equal(describeFetchFailure(err), "connection closed before a reply");
  } finally {
    await server.close();
  }
});

Deno.test("a connection closed with the request unread (RST) is still judged delivered", async () => {
  const server = rawServer(async (conn) => {
    // Wait for the request bytes to arrive without reading them: closing a socket with unread
    // data makes the kernel answer RST instead of FIN.
    await new Promise((r) => setTimeout(r, 20));
    conn.close();
  });
  try {
    const { err, deadline } = await failingFetch(server.url, { method: "POST", body: "{}" });
    assert.equal(classifyFetchFailure(err, { deadline }), "delivered");
  } finally {
    await server.close();
  }
});

Deno.test("a reply cut off inside its body: delivered", async () => {
  const server = rawServer(async (conn) => {
    await readSome(conn);
    await conn.write(
      new TextEncoder().encode('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"va'),
    );
    conn.close();
  });
  try {
    const { err, deadline } = await failingFetch(server.url);
    assert.equal(classifyFetchFailure(err, { deadline }), "delivered");
    assert.equal(describeFetchFailure(err), "reply cut off");
  } finally {
    await server.close();
  }
});

Deno.test("the caller's abort is cancelled, whatever else happened", async () => {
  let gotRequest: () => void = () => {};
  const requestSeen = new Promise<void>((r) => gotRequest = r);
  const server = rawServer(async (conn) => {
    await readSome(conn);
    gotRequest();
    await readSome(conn);
  });
  try {
    const caller = new AbortController();
    requestSeen.then(() => caller.abort(new Error("hard abort")));
    const result = await failingFetch(server.url, { caller });
    assert.equal(
      classifyFetchFailure(result.err, { deadline: result.deadline, caller: result.caller }),
      "cancelled",
    );
  } finally {
    await server.close();
  }
});

Deno.test("a DNS failure (text as Deno reports it) is undelivered", () => {
  // Not resolved for real: a resolver that hijacks unknown names would make the test lie.
  const err = new TypeError("fetch failed", {
    cause: new Error(
      "error sending request for url (http://no-such-host.invalid/status): client error (Connect): dns error: failed to lookup address information: Name or service not known",
    ),
  });
  const deadline = new AbortController().signal;
  assert.equal(classifyFetchFailure(err, { deadline }), "undelivered");
  assert.equal(describeFetchFailure(err), "host name did not resolve");
});

Deno.test("an unknown failure is judged delivered (never provably unsent)", () => {
  const deadline = new AbortController().signal;
  assert.equal(classifyFetchFailure(new Error("something new"), { deadline }), "delivered");
  assert.equal(describeFetchFailure(new Error("something new")), "transport error");
});
