/**
 * Typed errors of `bajutsu serve`. An `HttpError` becomes a `{error, code}` JSON reply with its
 * status; a `ServeStartError` stops `bajutsu serve` before it listens (exit 2).
 *
 * @module
 */

/** A request the server answers with `status` and `{error: message, code}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** 400: a field of the request is missing or wrong; the message names the field. */
export function badRequest(message: string, code = "E_BAD_REQUEST"): HttpError {
  return new HttpError(400, code, message);
}

/** 404 with a short reason. */
export function notFound(message = "not found"): HttpError {
  return new HttpError(404, "E_NOT_FOUND", message);
}

/** The server cannot start (bad flag, non-loopback host without a token, config error). */
export class ServeStartError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = "ServeStartError";
  }
}
