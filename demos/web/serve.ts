/**
 * A tiny static file server for the demo app (demos/web/app): loopback only, a free port by
 * default, fixed content types, and no way out of the app folder.
 *
 * Standalone: `deno run -A demos/web/serve.ts [--port 8787]` prints the URL and serves until
 * interrupted.
 *
 * @module
 */
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Options for {@link serveDemo}. */
export interface ServeDemoOptions {
  /** TCP port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  /** Folder to serve; defaults to the demo app next to this file. */
  root?: string;
}

/** A running demo server. */
export interface DemoServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:43123`. */
  url: string;
  /** Stops listening and waits for in-flight requests to finish. */
  close(): Promise<void>;
}

/** The demo app folder shipped beside this file. */
export const DEMO_APP_DIR = fileURLToPath(new URL("./app/", import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

/** Content type for a file name (`application/octet-stream` when unknown). */
export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/**
 * Maps a URL path to a file below `root`, or null when it would leave `root` (`..`, encoded
 * separators, NUL) or is malformed. `/` and folder paths map to their `index.html`.
 */
export function resolveRequestPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.some((s) => s === "..")) return null;
  if (decoded.endsWith("/") || segments.length === 0) segments.push("index.html");
  const base = normalize(root.endsWith(sep) ? root : root + sep);
  const file = normalize(join(base, ...segments));
  return file.startsWith(base) ? file : null;
}

/** Serves one request from `root` (GET/HEAD only). */
async function handle(root: string, req: Request): Promise<Response> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return new Response("method not allowed\n", { status: 405, headers: { allow: "GET, HEAD" } });
  }
  const file = resolveRequestPath(root, new URL(req.url).pathname);
  if (file === null) return new Response("bad path\n", { status: 400 });
  let body: Uint8Array;
  try {
    body = await Deno.readFile(file);
  } catch {
    return new Response("not found\n", { status: 404 });
  }
  const headers = {
    "content-type": contentTypeFor(file),
    // The demo must never be served stale between runs.
    "cache-control": "no-store",
  };
  return new Response(req.method === "HEAD" ? null : body as Uint8Array<ArrayBuffer>, { headers });
}

/**
 * Starts the demo server on 127.0.0.1.
 *
 * @example
 * const server = await serveDemo();
 * console.log(server.url); // http://127.0.0.1:40123
 * await server.close();
 */
export function serveDemo(opts: ServeDemoOptions = {}): Promise<DemoServer> {
  const root = opts.root ?? DEMO_APP_DIR;
  return new Promise((resolveServer, reject) => {
    try {
      const server = Deno.serve({
        hostname: "127.0.0.1",
        port: opts.port ?? 0,
        onListen: ({ port }) => {
          resolveServer({
            url: `http://127.0.0.1:${port}`,
            close: () => server.shutdown(),
          });
        },
      }, (req) => handle(root, req));
    } catch (err) {
      reject(err);
    }
  });
}

if (import.meta.main) {
  const i = Deno.args.indexOf("--port");
  const port = i >= 0 ? Number(Deno.args[i + 1]) : 8787;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`invalid --port: ${Deno.args[i + 1]}`);
    Deno.exit(2);
  }
  const server = await serveDemo({ port });
  console.log(`Demo app: ${server.url}/`);
  Deno.addSignalListener("SIGINT", async () => {
    await server.close();
    Deno.exit(0);
  });
}
