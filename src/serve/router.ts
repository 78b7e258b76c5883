/**
 * A small route table: `METHOD /literal/:param/*`. Parameters and the `*` tail are handed over
 * still percent-encoded, so each handler decodes (and confines) them itself. A path that matches
 * with another method answers 405 with `Allow`.
 *
 * @module
 */
import type { Framing } from "./security_headers.ts";
import { HttpError } from "./errors.ts";

/** What a handler gets. */
export interface RouteContext {
  req: Request;
  url: URL;
  /** Named parameters and `*` (the tail), percent-encoded as received. */
  params: Record<string, string>;
}

export interface Route {
  method: "GET" | "POST" | "DELETE";
  /** e.g. `/api/jobs/:id/events`, `/runs/*`. */
  pattern: string;
  /** Reachable without a token (the page shell, login). */
  open?: boolean;
  /** Run files may be framed by the page itself. */
  framing?: Framing;
  handler(ctx: RouteContext): Response | Promise<Response>;
}

/** The outcome of matching a path. */
export type RouteMatch =
  | { route: Route; params: Record<string, string> }
  | { route: null; allowed: string[] };

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i];
    if (w === "*") {
      params["*"] = got.slice(i).join("/");
      return got.length > i ? params : null;
    }
    if (i >= got.length) return null;
    if (w.startsWith(":")) {
      if (got[i] === "") return null;
      params[w.slice(1)] = got[i];
    } else if (w !== got[i]) return null;
  }
  return got.length === want.length ? params : null;
}

export class Router {
  constructor(readonly routes: readonly Route[]) {}

  /** The route for `method` and `path` (HEAD is served by GET routes). */
  match(method: string, path: string): RouteMatch {
    const m = method === "HEAD" ? "GET" : method;
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchPattern(route.pattern, path);
      if (!params) continue;
      if (route.method === m) return { route, params };
      allowed.push(route.method);
    }
    return { route: null, allowed };
  }
}

/** Decodes one path parameter (400 when malformed). */
export function param(ctx: RouteContext, name: string): string {
  try {
    return decodeURIComponent(ctx.params[name] ?? "");
  } catch {
    throw new HttpError(400, "E_PATH", `${name}: malformed percent-encoding`);
  }
}

/** The JSON body of a request (400 when it is not JSON); capped at `maxBytes`. */
export async function jsonBody(req: Request, maxBytes = 1_000_000): Promise<unknown> {
  const text = await req.text();
  if (text.length > maxBytes) throw new HttpError(413, "E_TOO_LARGE", "body too large");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "E_BAD_JSON", "body: not valid JSON");
  }
}
