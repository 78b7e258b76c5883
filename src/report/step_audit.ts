/**
 * The audit fields of a manifest step (docs/reports.md#waits, docs/reports.md#latency,
 * docs/reports.md#element-frames): what ended each wait, where the step's time went, and what to
 * draw over its screenshot. Written from the run's outcomes and read back from a stored manifest
 * (older manifests have none: empty values).
 *
 * @module
 */
import type { LaunchRecord, WaitRecord } from "../model/wait_record.ts";
import type { StepOutcome } from "../model/step_outcome.ts";

/** One condition wait of a step. */
export interface ManifestWait {
  kind: string;
  /** `condition`, `stable`, `changed`, `timeout`, `aborted` or `readOnce`. */
  ended_by: string;
  reads: number;
  seconds: number;
  timeout_s: number;
  /** `settled`: identical consecutive reads at the end; null for other kinds. */
  stable_reads: number | null;
  /** Rounds in which an interrupt recovery or the alert guard acted. */
  watcher_acts: number;
  /** `screenChanged`: elements left out of its comparison because a watcher's action removed them. */
  watcher_removed: number;
}

/** The launch readiness gate as a wait: which rung fired (`timeout` when none did). */
export interface ManifestLaunch extends ManifestWait {
  signal: string;
}

/** Seconds of a step by kind of work. */
export interface ManifestLatency {
  read_s: number;
  act_s: number;
  wait_s: number;
  evidence_s: number;
}

/** A frame to draw over the step's screenshot (driver units). */
export interface ManifestOverlayBox {
  frame: [number, number, number, number];
  role: "target" | "candidate" | "cover";
  label: string | null;
}

/** What the report draws over one of the step's screenshots. */
export interface ManifestOverlay {
  shot: "before" | "after";
  screen: [number, number];
  /** Screenshot pixels per driver unit; null when the shot's size is unknown. */
  scale: number | null;
  boxes: ManifestOverlayBox[];
  point: [number, number] | null;
}

/** The audit fields every manifest step carries. */
export interface StepAudit {
  waits: ManifestWait[];
  latency: ManifestLatency | null;
  overlay: ManifestOverlay | null;
}

/** The audit fields of an outcome, in manifest form. */
export function auditBody(o: StepOutcome): StepAudit {
  const lat = o.latency;
  const ov = o.overlay;
  return {
    waits: (o.waits ?? []).map(waitBody),
    latency: lat
      ? { read_s: lat.readS, act_s: lat.actS, wait_s: lat.waitS, evidence_s: lat.evidenceS }
      : null,
    overlay: ov
      ? {
        shot: ov.shot,
        screen: [ov.screen[0], ov.screen[1]],
        scale: ov.scale,
        boxes: ov.boxes.map((b) => ({
          frame: [b.frame[0], b.frame[1], b.frame[2], b.frame[3]],
          role: b.role,
          label: b.label,
        })),
        point: ov.point ? [ov.point[0], ov.point[1]] : null,
      }
      : null,
  };
}

/** One wait in manifest form. */
export function waitBody(w: WaitRecord): ManifestWait {
  return {
    kind: w.kind,
    ended_by: w.endedBy,
    reads: w.reads,
    seconds: w.seconds,
    timeout_s: w.timeoutS,
    stable_reads: w.stableReads ?? null,
    watcher_acts: w.watcherActs ?? 0,
    watcher_removed: w.watcherRemoved ?? 0,
  };
}

/** The launch readiness wait in manifest form. */
export function launchBody(l: LaunchRecord): ManifestLaunch {
  return { ...waitBody(l), signal: l.signal };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown, d = 0): number => (typeof v === "number" && Number.isFinite(v) ? v : d);
const numOrNull = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const nums = (v: unknown, n: number): number[] | null =>
  Array.isArray(v) && v.length === n && v.every((x) => typeof x === "number") ? v : null;

const ROLES: ReadonlySet<string> = new Set(["target", "candidate", "cover"]);

/** The audit fields of a stored step (a manifest written before them: empty). */
export function parseAudit(s: Obj): StepAudit {
  const lat = isObj(s.latency) ? s.latency : null;
  return {
    waits: parseWaits(s.waits),
    latency: lat
      ? {
        read_s: num(lat.read_s),
        act_s: num(lat.act_s),
        wait_s: num(lat.wait_s),
        evidence_s: num(lat.evidence_s),
      }
      : null,
    overlay: parseOverlay(s.overlay),
  };
}

/** Stored waits (anything not a list: none). */
export function parseWaits(v: unknown): ManifestWait[] {
  return Array.isArray(v) ? v.filter(isObj).map(parseWait) : [];
}

function parseWait(w: Obj): ManifestWait {
  return {
    kind: str(w.kind),
    ended_by: str(w.ended_by),
    reads: num(w.reads),
    seconds: num(w.seconds),
    timeout_s: num(w.timeout_s),
    stable_reads: numOrNull(w.stable_reads),
    watcher_acts: num(w.watcher_acts),
    watcher_removed: num(w.watcher_removed),
  };
}

/** A stored launch wait, or null (older manifests have none). */
export function parseLaunch(v: unknown): ManifestLaunch | null {
  return isObj(v) ? { ...parseWait(v), signal: str(v.signal) } : null;
}

function parseOverlay(v: unknown): ManifestOverlay | null {
  if (!isObj(v)) return null;
  const screen = nums(v.screen, 2);
  if (screen === null) return null;
  const boxes: ManifestOverlayBox[] = [];
  for (const b of Array.isArray(v.boxes) ? v.boxes.filter(isObj) : []) {
    const frame = nums(b.frame, 4);
    if (frame === null || !ROLES.has(str(b.role))) continue;
    boxes.push({
      frame: frame as ManifestOverlayBox["frame"],
      role: b.role as ManifestOverlayBox["role"],
      label: typeof b.label === "string" ? b.label : null,
    });
  }
  const point = nums(v.point, 2);
  return {
    shot: v.shot === "after" ? "after" : "before",
    screen: screen as [number, number],
    scale: numOrNull(v.scale),
    boxes,
    point: point as [number, number] | null,
  };
}
