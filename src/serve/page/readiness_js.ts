/**
 * Page module: the Readiness panel (`POST /api/doctor`, docs/serve.md#readiness).
 * Kept as a string module so a compiled binary carries it (docs/serve.md).
 *
 * @module
 */

// deno-fmt-ignore
export const READINESS_JS = String.raw`// The Readiness panel: runs the doctor's checks for the picked target (every target when none
// is picked) and lists them per backend, with the command that fixes a failed one.

import { Latest, STALE } from "./api.js";
import { byId, el, show } from "./dom.js";

const MARK = { ok: "✓", warn: "!", fail: "✗", skip: "–" };

export class ReadinessView {
  constructor(hooks) {
    this.hooks = hooks;
    // A check for the target picked earlier can answer after the one for the target picked now.
    this.checking = new Latest();
    byId("readiness-check").addEventListener("click", () => this.check());
  }

  // The target changed: the findings shown belong to the previous one.
  reset() {
    this.checking.drop();
    byId("readiness-body").replaceChildren();
    show(byId("readiness-summary"), false);
    byId("readiness-check").disabled = false;
  }

  async check() {
    const target = this.hooks.target();
    const button = byId("readiness-check");
    button.disabled = true;
    byId("readiness-summary").textContent = "checking…";
    show(byId("readiness-summary"), true);
    let report;
    try {
      report = await this.checking.api("/api/doctor", {
        method: "POST",
        body: target ? { target } : {},
      });
    } catch (err) {
      button.disabled = false;
      show(byId("readiness-summary"), false);
      this.hooks.onError(err);
      return;
    }
    if (report === STALE) return;
    button.disabled = false;
    this.draw(report);
  }

  draw(report) {
    const summary = byId("readiness-summary");
    summary.textContent = (report.ok ? "ready" : "not ready") + ": " + report.failed +
      " failed, " + report.warnings + " warning" + (report.warnings === 1 ? "" : "s");
    summary.className = "status " + (report.ok ? "passed" : "failed");
    const body = byId("readiness-body");
    body.replaceChildren();
    for (const section of report.sections) {
      const title = section.target ? section.actuator + " (" + section.target + ")" : section.actuator;
      const rows = section.checks.map((c) =>
        el("li", { class: "check " + c.status, "data-status": c.status }, [
          el("span", { class: "mark", "aria-hidden": "true", text: MARK[c.status] || "?" }),
          el("strong", { text: c.name }),
          el("span", { text: " " + c.status + ": " + c.detail }),
        ].concat(c.fix ? [el("code", { class: "fix", text: c.fix })] : []))
      );
      body.append(el("h3", { text: title }), el("ul", { class: "checks" }, rows));
    }
  }
}
`;
