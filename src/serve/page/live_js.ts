/**
 * Page module: the live panel (event stream, progress bar, verdicts, log, Cancel).
 * Kept as a string module so a compiled binary carries it (docs/serve.md).
 *
 * @module
 */

// deno-fmt-ignore
export const LIVE_JS = String.raw`// The live panel: follows one job over server-sent events (the backlog first, then new lines),
// draws the progress bar, the per-scenario verdicts and the log, and offers Cancel.

import { api } from "./api.js";
import { byId, el, formatDuration, show } from "./dom.js";
import { ProgressModel } from "./progress.js";

// Lines kept on screen; the full log stays on the server (GET /api/jobs/{id}).
const MAX_LOG_LINES = 5000;

export function statusOf(view) {
  if (view.status !== "done") return "running";
  if (view.cancelled) return "cancelled";
  return view.ok ? "passed" : "failed";
}

export class LiveView {
  constructor(hooks) {
    this.hooks = hooks;
    this.jobId = null;
    this.done = false;
    this.source = null;
    this.model = new ProgressModel();
    byId("cancel").addEventListener("click", () => this.cancel());
  }

  follow(jobId) {
    this.stop();
    this.jobId = jobId;
    this.done = false;
    this.model = new ProgressModel();
    this.logLines = 0;
    show(byId("live-idle"), false);
    show(byId("live-body"), true);
    byId("log").textContent = "";
    this.setStatus("running", "running");
    byId("cancel").disabled = false;
    this.draw();
    const source = new EventSource("/api/jobs/" + encodeURIComponent(jobId) + "/events");
    this.source = source;
    source.addEventListener("log", (e) => this.onLine(e.data));
    source.addEventListener("done", (e) => {
      source.close();
      this.finish(JSON.parse(e.data));
    });
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED || this.source !== source) return;
      // The stream cannot be opened (logged out, serve gone): ask for the job once.
      api("/api/jobs/" + encodeURIComponent(jobId)).then((view) => {
        if (view.status === "done") this.finish(view);
      }).catch((err) => this.hooks.onError(err));
    });
  }

  stop() {
    if (this.source) this.source.close();
    this.source = null;
  }

  onLine(line) {
    const log = byId("log");
    const nearBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 24;
    log.append(line + "\n");
    this.logLines += 1;
    if (this.logLines > MAX_LOG_LINES && log.firstChild) log.firstChild.remove();
    if (nearBottom) log.scrollTop = log.scrollHeight;
    if (this.model.apply(line)) this.draw();
  }

  draw() {
    const m = this.model;
    const done = m.finishedCount;
    const expected = m.expected;
    const bar = byId("live-progress");
    bar.max = Math.max(1, expected);
    bar.value = done;
    byId("live-count").textContent = expected ? done + " / " + expected + " scenarios" : "";
    byId("current-step").textContent = m.step;
    const list = byId("verdicts");
    list.textContent = "";
    for (const s of m.scenarios.values()) {
      const mark = s.state === "pass" ? "✔" : s.state === "fail" ? "✘" : "…";
      const time = s.seconds === null ? "" : " (" + formatDuration(s.seconds) + ")";
      const why = s.failure ? " — " + s.failure : "";
      list.append(el("li", { class: s.state, "data-testid": "live.verdict", text: mark + " " + s.name + time + why }));
    }
  }

  setStatus(text, kind) {
    const status = byId("live-status");
    status.textContent = text;
    status.className = "status " + kind;
  }

  finish(view) {
    if (view.id !== this.jobId) return;
    this.done = true;
    this.stop();
    const kind = statusOf(view);
    const text = kind === "failed" && view.exitCode !== 1 && view.exitCode !== null
      ? "failed (exit " + view.exitCode + ")"
      : kind;
    this.setStatus(text, kind);
    byId("cancel").disabled = true;
    byId("current-step").textContent = "";
    this.hooks.onDone(view);
  }

  async cancel() {
    if (!this.jobId) return;
    byId("cancel").disabled = true;
    try {
      const jobId = this.jobId;
      const r = await api("/api/jobs/" + encodeURIComponent(jobId) + "/cancel", { method: "POST" });
      // The run may have ended (and its done event arrived) before this reply did.
      if (r.cancelled && this.jobId === jobId && !this.done) this.setStatus("cancelling…", "cancelling");
    } catch (err) {
      byId("cancel").disabled = false;
      this.hooks.onError(err);
    }
  }
}
`;
