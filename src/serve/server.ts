/**
 * `bajutsu serve`: the HTTP server on `Deno.serve` (docs/serve.md). Each request passes, in
 * order: the Host check (DNS rebinding, 403), the Origin check for writes (CSRF, 403), the route
 * table (404/405), the token check (401, except the page shell and login), the handler; every
 * reply gets the security headers. Stopping cancels running jobs like the Cancel button, waits
 * for them, closes the event streams, then the listener.
 *
 * @module
 */
import { resolve } from "node:path";
import { VERSION } from "../version.ts";
import { TokenAuth } from "./auth.ts";
import { ConfigSource } from "./config_source.ts";
import type { ServeContext } from "./context.ts";
import { ServeStartError } from "./errors.ts";
import { HistoryStore } from "./history_store.ts";
import { type HostFacts, HostGuard, isLoopbackHost, machineHostFacts } from "./host_guard.ts";
import { JobManager } from "./job_manager.ts";
import { isForeignOriginWrite } from "./origin_guard.ts";
import { osProcessControl, type ProcessControl } from "../process/process_group.ts";
import { ReportViews } from "./report_view.ts";
import { errorResponse, jsonResponse } from "./responses.ts";
import { Router } from "./router.ts";
import { deviceRoutes } from "./routes_devices.ts";
import { jobRoutes } from "./routes_jobs.ts";
import { pageRoutes } from "./routes_page.ts";
import { runRoutes } from "./routes_runs.ts";
import { sessionRoutes } from "./routes_session.ts";
import { toolRoutes } from "./routes_tools.ts";
import { withSecurityHeaders } from "./security_headers.ts";
import { KEEPALIVE_MS, SseHub } from "./sse_hub.ts";
import { realTicker, type Ticker } from "./ticker.ts";
import { realWait, type WaitFn } from "../process/wait.ts";
import { bajutsuCommand, currentRuntime } from "./run_args.ts";

export interface ServeOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** null = no auth (loopback hosts only). */
  token: string | null;
  /** Absolute or cwd-relative config path; null = none bound. */
  configPath: string | null;
  runsDir: string;
  /** 0 = unlimited. */
  maxConcurrentRuns: number;
  /** Passed to runs of web targets as `--base-url`. */
  baseUrl?: string;
  cancelGraceS: number;
  retentionDays: number;
  // Seams for tests.
  control?: ProcessControl;
  wait?: WaitFn;
  ticker?: Ticker;
  keepaliveMs?: number;
  newId?: () => string;
  now?: () => Date;
  hostFacts?: HostFacts;
  /** argv prefix that starts `bajutsu`; default: this binary or `deno run -A main.ts`. */
  bajutsu?: string[];
  /** Extra environment for runs, device lists and doctor checks. */
  env?: Record<string, string>;
}

/** A listening server. */
export interface RunningServe {
  /** `http://<host>:<port>` (the host as a browser would type it). */
  url: string;
  port: number;
  /** One-time login link (token set), else null. */
  loginUrl: string | null;
  context: ServeContext;
  /** Cancels running jobs (graceful), waits for them, stops listening. */
  stop(): Promise<void>;
  /** Last resort: SIGKILL every running job's process group. */
  kill(): void;
}

function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/** Starts serving; throws `ServeStartError` for a setup problem. */
export async function startServe(opts: ServeOptions): Promise<RunningServe> {
  if (!opts.token && !isLoopbackHost(opts.host)) {
    throw new ServeStartError(
      "E_INSECURE_HOST",
      `refusing to listen on ${opts.host} without a token: pass --token (or set BAJUTSU_SERVE_TOKEN), or use a loopback --host`,
    );
  }
  const configPath = opts.configPath ? resolve(opts.configPath) : null;
  const config = new ConfigSource(configPath);
  if (configPath) {
    try {
      await config.load();
    } catch (err) {
      throw new ServeStartError("E_CONFIG", err instanceof Error ? err.message : String(err));
    }
  }
  const runsDir = resolve(opts.runsDir);
  await Deno.mkdir(runsDir, { recursive: true, mode: 0o700 });
  const now = opts.now ?? (() => new Date());
  const wait = opts.wait ?? realWait;
  const auth = new TokenAuth(opts.token, opts.newId);
  const ctx: ServeContext = {
    auth,
    config,
    runsDir,
    baseUrl: opts.baseUrl,
    env: (name) => opts.env?.[name] ?? Deno.env.get(name),
    bajutsu: opts.bajutsu ?? bajutsuCommand(currentRuntime()),
    jobs: new JobManager({
      maxConcurrent: opts.maxConcurrentRuns,
      graceS: opts.cancelGraceS,
      runsDir,
      control: opts.control ?? osProcessControl,
      wait,
      newId: opts.newId ?? (() => crypto.randomUUID()),
      now,
      env: opts.env,
    }),
    history: new HistoryStore(runsDir, { retentionDays: opts.retentionDays, now }),
    reports: new ReportViews(),
    sse: new SseHub(opts.keepaliveMs ?? KEEPALIVE_MS, opts.ticker ?? realTicker),
    info: {
      version: VERSION,
      maxConcurrentRuns: opts.maxConcurrentRuns,
      cancelGraceS: opts.cancelGraceS,
      retentionDays: opts.retentionDays,
    },
  };
  const router = new Router([
    ...pageRoutes(),
    ...sessionRoutes(ctx),
    ...jobRoutes(ctx),
    ...runRoutes(ctx),
    ...toolRoutes(ctx),
    ...deviceRoutes(ctx),
  ]);
  let guard: HostGuard | null = null;

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    if (!guard!.allows(req.headers.get("host"))) {
      return withSecurityHeaders(jsonResponse({ error: "host not allowed", code: "E_HOST" }, 403));
    }
    if (isForeignOriginWrite(req)) {
      return withSecurityHeaders(
        jsonResponse({ error: "cross-origin request refused", code: "E_ORIGIN" }, 403),
      );
    }
    const match = router.match(req.method, url.pathname);
    if (!match.route) {
      const res = match.allowed.length > 0
        ? jsonResponse({ error: "method not allowed", code: "E_METHOD" }, 405, {
          allow: [...new Set(match.allowed)].join(", "),
        })
        : jsonResponse({ error: "not found", code: "E_NOT_FOUND" }, 404);
      return withSecurityHeaders(res);
    }
    if (!match.route.open && !(await auth.authorized(req))) {
      return withSecurityHeaders(
        jsonResponse({ error: "unauthorized", code: "E_UNAUTHORIZED" }, 401),
      );
    }
    let res: Response;
    try {
      res = await match.route.handler({ req, url, params: match.params });
    } catch (err) {
      res = errorResponse(err);
    }
    if (req.method === "HEAD" && res.body) {
      await res.body.cancel();
      res = new Response(null, { status: res.status, headers: res.headers });
    }
    // Only successful run files may be framed (by the page); errors never.
    return withSecurityHeaders(res, res.ok ? match.route.framing : "deny");
  };

  const listening = Promise.withResolvers<number>();
  let server: Deno.HttpServer;
  try {
    server = Deno.serve({
      hostname: opts.host,
      port: opts.port,
      onListen: ({ port }) => listening.resolve(port),
      onError: (err) => errorResponse(err),
    }, handle);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new ServeStartError("E_LISTEN", `cannot listen on ${opts.host}:${opts.port}: ${why}`);
  }
  const port = await listening.promise;
  guard = new HostGuard(opts.host, port, opts.hostFacts ?? machineHostFacts);
  const url = `http://${urlHost(opts.host)}:${port}`;
  let stopping: Promise<void> | null = null;
  return {
    url,
    port,
    loginUrl: auth.enabled ? `${url}/login?code=${auth.issueLoginCode()}` : null,
    context: ctx,
    stop: () =>
      stopping ??= (async () => {
        await ctx.jobs.shutdown();
        ctx.sse.closeAll();
        await server.shutdown();
      })(),
    kill: () => ctx.jobs.killAll(),
  };
}
