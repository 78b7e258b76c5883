/**
 * Page module: reads the progress lines of a run into scenario verdicts.
 * Kept as a string module so a compiled binary carries it (docs/serve.md).
 *
 * @module
 */

// deno-fmt-ignore
export const PROGRESS_JS = String.raw`// Reads the progress lines of bajutsu run (one per scenario start and end, one per step
// with --progress) into a model the live view draws.

const START = /^▶ scenario (\d+)\/(\d+): (.*)$/;
const END = /^([✔✘]) scenario (\d+)\/(\d+): (.*?) \((\d+(?:\.\d+)?)s\)(?: — (.*))?$/;
const ENGINE = /^━ engine (\S+)$/;
const STEP = /^\S+ · (?:[a-z]+ )?step \d+: .+$/;

export function parseProgressLine(line) {
  let m = START.exec(line);
  if (m) return { type: "start", ordinal: Number(m[1]), total: Number(m[2]), name: m[3] };
  m = END.exec(line);
  if (m) {
    return {
      type: "end",
      ok: m[1] === "✔",
      ordinal: Number(m[2]),
      total: Number(m[3]),
      name: m[4],
      seconds: Number(m[5]),
      failure: m[6] || null,
    };
  }
  m = ENGINE.exec(line);
  if (m) return { type: "engine", engine: m[1] };
  if (STEP.test(line)) return { type: "step", text: line };
  return null;
}

export class ProgressModel {
  constructor() {
    this.engine = "";
    this.engines = 0;
    this.total = 0;
    this.step = "";
    this.scenarios = new Map();
  }

  // Applies one log line; true when something visible changed.
  apply(line) {
    const e = parseProgressLine(line);
    if (!e) return false;
    if (e.type === "engine") {
      this.engine = e.engine;
      this.engines += 1;
      return true;
    }
    if (e.type === "step") {
      this.step = e.text;
      return true;
    }
    this.total = e.total;
    const key = this.engine + "#" + e.ordinal;
    const prev = this.scenarios.get(key);
    const label = this.engine ? e.name + " [" + this.engine + "]" : e.name;
    if (e.type === "start") {
      if (!prev) this.scenarios.set(key, { name: label, state: "running", seconds: null, failure: null });
    } else {
      this.scenarios.set(key, {
        name: label,
        state: e.ok ? "pass" : "fail",
        seconds: e.seconds,
        failure: e.failure,
      });
      this.step = "";
    }
    return true;
  }

  get finishedCount() {
    let n = 0;
    for (const s of this.scenarios.values()) if (s.state !== "running") n += 1;
    return n;
  }

  // Scenarios expected overall: every engine pass runs the whole selection.
  get expected() {
    return this.total * Math.max(1, this.engines);
  }
}
`;
