/**
 * Everything the route handlers share: one instance per running server.
 *
 * @module
 */
import type { TokenAuth } from "./auth.ts";
import type { ConfigSource } from "./config_source.ts";
import type { HistoryStore } from "./history_store.ts";
import type { JobManager } from "./job_manager.ts";
import type { ReportViews } from "./report_view.ts";
import type { SseHub } from "./sse_hub.ts";

export interface ServeContext {
  auth: TokenAuth;
  config: ConfigSource;
  jobs: JobManager;
  history: HistoryStore;
  reports: ReportViews;
  sse: SseHub;
  /** Absolute runs folder. */
  runsDir: string;
  /** argv prefix that starts `bajutsu` (append `run …`). */
  bajutsu: string[];
  /** `--base-url`, passed to runs of web targets. */
  baseUrl?: string;
  /** The environment device lists and doctor checks see (serve's own, plus `ServeOptions.env`). */
  env: (name: string) => string | undefined;
  /** What `GET /api/info` reports about the server. */
  info: { version: string; maxConcurrentRuns: number; cancelGraceS: number; retentionDays: number };
}
