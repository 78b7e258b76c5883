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
`;
