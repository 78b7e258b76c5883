/**
 * What `bajutsu run` is asked to do (`RunRequest`, the CLI's flags) and the world it runs in
 * (`RunIo`: output streams, environment, working folder, cancellation, file writers), injected
 * so tests drive a whole run without touching the process.
 *
 * @module
 */
import type { FileWriter } from "../report/write_report.ts";
import type { WriteFile } from "../evidence/redacting_writer.ts";
import type { CancelSignal } from "../time/cancel.ts";
import type { ProgressSink } from "./progress.ts";
import type { ShardSpec } from "./shards.ts";

/**
 * The flags of one `bajutsu run`.
 *
 * @example
 * ```ts
 * const req: RunRequest = {
 *   configPath: "bajutsu.config.yaml",
 *   scenarios: ["scenarios/"],
 *   tags: ["smoke"],
 *   exclude: [],
 *   runsDir: "runs",
 *   workers: 2,
 * };
 * ```
 */
export interface RunRequest {
  configPath: string;
  target?: string;
  scenarios: string[];
  tags: string[];
  exclude: string[];
  runsDir: string;
  /** `--erase` true, `--no-erase` false, unset undefined. */
  erase?: boolean;
  /** `--backend` tokens; unset or empty = the target's `backend` list. */
  backend?: string[];
  workers: number;
  /** `--browser a,b`: one engine = a plain run, several = a matrix. */
  browsers?: string[];
  headed?: boolean;
  /** `--network` / `--no-network`: collect traffic and apply mocks; unset = the target's. */
  network?: boolean;
  shard?: ShardSpec;
  /** A manifest, a run dir or a runs dir holding previous durations. */
  timings?: string;
  /** Overrides the web target's baseUrl. */
  baseUrl?: string;
  /** `--system-alert-handling` / `--no-system-alert-handling`; unset = scenario › target › on. */
  systemAlertHandling?: boolean;
  /**
   * `--udid a,b,…`: the devices to lease (a pool; udids, serials or simulator names); pins the
   * run to them. Absent = the backend's default device.
   */
  udids?: string[];
  /** `--log-predicate`: the device log's filter (iOS). */
  logPredicate?: string;
  /** `--log-subsystem`: the device log of this subsystem when no predicate is given (iOS). */
  logSubsystem?: string;
  /** `--zip`: after the verdict, write `<runsDir>/<runId>.zip` (docs/cli.md#bajutsu-export). */
  zip?: boolean;
  /** `--repeat N`: run each scenario N times (docs/cli.md#repeat-and-retries). */
  repeat?: number;
  /** `--retries N`: run a failed scenario again up to N times, each on a fresh lease. */
  retries?: number;
  /** `--seed S`: the order of `--repeat`'s attempts; absent = a fresh seed, printed. */
  seed?: number;
}

/**
 * Where a run prints, what it reads from its surroundings, and how it writes files.
 *
 * @example
 * ```ts
 * const lines: string[] = [];
 * const io: RunIo = {
 *   stdout: (l) => lines.push(l),
 *   stderr: (l) => lines.push(l),
 *   progress: { line: (l) => lines.push(l), live: () => {} },
 *   env: (name) => ({ LOGIN_PASSWORD: "hunter2" } as Record<string, string>)[name],
 *   cwd: "/work/project",
 *   color: false,
 *   cancel: new CancelSource(),
 * };
 * ```
 */
export interface RunIo {
  stdout(line: string): void;
  stderr(line: string): void;
  progress: ProgressSink;
  /** The environment: the process's variables plus the `.env` file's (docs/configuration.md). */
  env(name: string): string | undefined;
  /**
   * The folder the run was started in: `--runs-dir` resolves against it, and the paths the
   * reports and the verdict line show (scenario files, the manifest) are relative to it.
   */
  cwd: string;
  color: boolean;
  /** A cancel signal for tests; the real command watches SIGTERM, SIGINT and SIGHUP. */
  cancel?: CancelSignal;
  /** Writes the report files (default atomic writes); tests inject a failing disk. */
  writeReportFile?: FileWriter;
  /** Writes evidence files (default: atomic writes); tests simulate a full disk with it. */
  writeEvidence?: WriteFile;
}
