/**
 * The network exchanges and device-log lines of each step, for report.html
 * (docs/reports.md#network-and-device-log-in-the-steps). The files stay as they are: each
 * scenario's `network.json` and each step's `device.log` are read when the report is rendered,
 * and their entries are placed under the step during which they happened, by timestamp. A page
 * opened from disk cannot read side files, so the entries travel inside the page, up to a budget.
 *
 * @module
 */
import { join } from "node:path";
import { relativeHref } from "./html/escape.ts";
import type { ManifestScenario, ManifestStep } from "./manifest_types.ts";
import { confine, realRunDir } from "./run_confinement.ts";

/** One exchange or log line under a step. */
export interface TrafficEntry {
  /** Absolute epoch seconds, or null for a log line without a timestamp of its own. */
  at: number | null;
  kind: "request" | "log";
  /** `request`: method, status (null: no response), path and duration. */
  method?: string;
  status?: number | null;
  url?: string;
  duration_ms?: number;
  mocked?: boolean;
  /** `log`: the line. */
  text?: string;
}

/** A scenario's entries keyed by `<phase>:<position>` (`steps:3`), and those before any step. */
export interface ScenarioTraffic {
  steps: Record<string, TrafficEntry[]>;
  /** Exchanges that started before the first step (the launch, the first page load). */
  before_steps: TrafficEntry[];
  /** Entries left out over the budget. */
  dropped: number;
}

/** Lines of one step's device log embedded at most. */
export const MAX_LOG_LINES_PER_STEP = 500;
/** Characters of one log line kept. */
export const MAX_LOG_LINE = 2000;

/** A timestamp at the start of a log line (`2024-05-01 10:15:00.123456+0000`, ISO 8601). */
const STAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)\s?(Z|[+-]\d{2}:?\d{2})?/;

/** Epoch seconds of a line's leading timestamp; null without one (or without a zone). */
export function lineTime(line: string): number | null {
  const m = STAMP.exec(line);
  if (!m || !m[3]) return null;
  const zone = m[3] === "Z" ? "Z" : m[3].replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2");
  const frac = m[2].replace(/(\.\d{3})\d+$/, "$1");
  const ms = Date.parse(`${m[1]}T${frac}${zone}`);
  return Number.isFinite(ms) ? ms / 1000 : null;
}

interface Placed {
  key: string;
  step: ManifestStep;
}

function phases(s: ManifestScenario): Placed[] {
  const out: Placed[] = [];
  const add = (phase: string, list: ManifestStep[]) =>
    list.forEach((step, i) => out.push({ key: `${phase}:${i}`, step }));
  add("before", s.before_outcomes);
  add("steps", s.steps);
  add("after", s.after_outcomes);
  return out;
}

/**
 * Places exchanges and each step's log lines under their steps. An exchange belongs to the last
 * step that started at or before it; log lines to the step whose file holds them, ordered with
 * its exchanges by timestamp (a line without one keeps the time of the entry before it).
 *
 * @example
 * ```ts
 * const t = placeTraffic(scenario, exchanges, { "00-a/step1/device.log": ["[log] saved"] });
 * t.steps["steps:1"]; // [{ kind: "request", method: "POST", … }, { kind: "log", text: "[log] saved", … }]
 * ```
 */
export function placeTraffic(
  s: ManifestScenario,
  exchanges: readonly Record<string, unknown>[],
  logs: Readonly<Record<string, readonly string[]>>,
): ScenarioTraffic {
  const placed = phases(s).filter((p) => p.step.started_at > 0)
    .sort((a, b) => a.step.started_at - b.step.started_at);
  const out: ScenarioTraffic = { steps: {}, before_steps: [], dropped: 0 };
  const push = (key: string, e: TrafficEntry) => (out.steps[key] ??= []).push(e);
  for (const x of exchanges) {
    const at = typeof x.startedAt === "number" ? x.startedAt : null;
    const entry: TrafficEntry = {
      at,
      kind: "request",
      method: typeof x.method === "string" ? x.method : "",
      status: typeof x.status === "number" ? x.status : null,
      url: typeof x.url === "string" ? x.url : "",
      duration_ms: typeof x.durationMs === "number" ? x.durationMs : 0,
      mocked: x.mocked === true,
    };
    let owner: Placed | null = null;
    for (const p of placed) if (at !== null && p.step.started_at <= at) owner = p;
    if (owner === null) out.before_steps.push(entry);
    else push(owner.key, entry);
  }
  for (const p of phases(s)) {
    const file = p.step.artifacts.find((a) => a.kind === "deviceLog");
    const lines = file ? logs[file.name] : undefined;
    if (!lines) continue;
    let last = p.step.started_at > 0 ? p.step.started_at : null;
    const kept = lines.slice(0, MAX_LOG_LINES_PER_STEP);
    out.dropped += lines.length - kept.length;
    for (const line of kept) {
      const own = lineTime(line);
      if (own !== null) last = own;
      push(p.key, { at: own ?? last, kind: "log", text: line.slice(0, MAX_LOG_LINE) });
    }
  }
  for (const list of Object.values(out.steps)) {
    // Stable: log lines without a time keep their order behind the entry they followed.
    list.sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
  }
  return out;
}

/** Bytes of embedded traffic per report (4 MiB); scenarios past it link their files instead. */
export const DEFAULT_TRAFFIC_BUDGET = 4 * 1024 * 1024;

/**
 * Reads every scenario's `network.json` and step `device.log` files under `runDir` and places
 * them (failed scenarios first while the budget lasts). Files that are missing, unreadable or
 * lead outside the run are left out; the result is indexed like `scenarios`.
 */
export async function loadStepTraffic(
  runDir: string,
  scenarios: readonly ManifestScenario[],
  budget = DEFAULT_TRAFFIC_BUDGET,
): Promise<(ScenarioTraffic | null)[]> {
  const out: (ScenarioTraffic | null)[] = scenarios.map(() => null);
  const root = await realRunDir(runDir);
  if (root === null) return out;
  const read = async (name: string): Promise<string | null> => {
    if (relativeHref(name) === null) return null;
    const where = await confine(root, join(runDir, ...name.split("/")));
    return where.kind === "inside" ? await Deno.readTextFile(where.real).catch(() => null) : null;
  };
  const order = scenarios.map((s, i) => ({ s, i })).sort((a, b) => Number(a.s.ok) - Number(b.s.ok));
  let used = 0;
  for (const { s, i } of order) {
    if (used >= budget) break;
    const net = s.artifacts.find((a) => a.kind === "network");
    const logArts = phases(s).flatMap((p) =>
      p.step.artifacts.filter((a) => a.kind === "deviceLog")
    );
    if (!net && logArts.length === 0) continue;
    let exchanges: Record<string, unknown>[] = [];
    const netText = net ? await read(net.name) : null;
    if (netText !== null) {
      try {
        const parsed = JSON.parse(netText);
        if (Array.isArray(parsed)) {
          exchanges = parsed.filter((x) => typeof x === "object" && x !== null);
        }
      } catch {
        // Not JSON: the Network tab links the file.
      }
    }
    const logs: Record<string, string[]> = {};
    for (const a of logArts) {
      const text = await read(a.name);
      if (text !== null) logs[a.name] = text.split("\n").filter((l) => l !== "");
    }
    const traffic = placeTraffic(s, exchanges, logs);
    used += JSON.stringify(traffic).length;
    out[i] = traffic;
  }
  return out;
}
