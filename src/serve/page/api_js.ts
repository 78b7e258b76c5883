/**
 * Page module: JSON calls to the API.
 * Kept as a string module so a compiled binary carries it (docs/serve.md).
 *
 * @module
 */

// deno-fmt-ignore
export const API_JS = String.raw`// JSON calls to the serve API. Errors carry the HTTP status so callers can tell a missing
// login (401) from a bad request.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function api(path, options) {
  const opts = options || {};
  const init = { method: opts.method || "GET", headers: {}, credentials: "same-origin" };
  if (opts.signal) init.signal = opts.signal;
  if (opts.body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(opts.body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "serve is not reachable (" + err.message + ")");
  }
  let data = null;
  try {
    data = await res.json();
  } catch (_) {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError(res.status, (data && data.error) || res.status + " " + res.statusText);
  }
  return data;
}

// What Latest.api resolves to when a newer call has started since: the caller drops it.
export const STALE = Symbol("stale answer");

// Answers to a repeated read can arrive out of order: the scenario listing of the target picked
// first (a big suite, slow to lint) can land after the listing of the target picked next and
// overwrite it. Latest keeps only its newest call: starting one aborts the one before, and an
// older call that still answers (or fails) resolves to STALE.
export class Latest {
  constructor() {
    this.current = null;
  }

  async api(path, options) {
    this.drop();
    const mine = new AbortController();
    this.current = mine;
    try {
      const data = await api(path, { ...options, signal: mine.signal });
      return this.current === mine ? data : STALE;
    } catch (err) {
      if (this.current !== mine) return STALE;
      throw err;
    }
  }

  // Makes the call in flight stale without starting another (nothing left to ask for).
  drop() {
    if (this.current) this.current.abort();
    this.current = null;
  }
}
`;
