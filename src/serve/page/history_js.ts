/**
 * Page module: the History and Trash panel.
 * Kept as a string module so a compiled binary carries it (docs/serve.md).
 *
 * @module
 */

// deno-fmt-ignore
export const HISTORY_JS = String.raw`// The History panel: runs newest first (date, verdict, duration, scenarios, id) with Report and
// Delete; the Trash view lists deleted runs with Restore and Delete forever.

import { api, Latest, STALE } from "./api.js";
import { byId, el, formatDate, formatDuration, show } from "./dom.js";

function verdictOf(run) {
  if (run.cancelled) return { text: "CANCELLED", cls: "fail" };
  return run.ok ? { text: "PASS", cls: "pass" } : { text: "FAIL", cls: "fail" };
}

export class HistoryView {
  constructor(hooks) {
    this.hooks = hooks;
    this.trashMode = false;
    this.names = [];
    // Filter, trash and refresh clicks can overlap: only the newest listing is drawn.
    this.listing = new Latest();
    byId("history-refresh").addEventListener("click", () => this.refresh());
    byId("history-filter").addEventListener("change", () => this.refresh());
    byId("trash-toggle").addEventListener("click", () => {
      this.trashMode = !this.trashMode;
      byId("trash-toggle").setAttribute("aria-pressed", String(this.trashMode));
      byId("trash-toggle").textContent = this.trashMode ? "Back to history" : "Trash";
      byId("history-title").textContent = this.trashMode ? "Trash" : "History";
      this.refresh();
    });
  }

  async refresh() {
    const filter = byId("history-filter").value;
    const trash = this.trashMode;
    let runs;
    try {
      const q = filter ? "?scenario=" + encodeURIComponent(filter) : "";
      const data = await this.listing.api(trash ? "/api/runs/trash" : "/api/runs" + q);
      if (data === STALE) return;
      runs = data.runs;
    } catch (err) {
      this.hooks.onError(err);
      return;
    }
    if (!trash && !filter) this.updateFilter(runs);
    show(byId("history-error"), false);
    this.render(runs);
  }

  updateFilter(runs) {
    const names = [...new Set(runs.flatMap((r) => r.scenarios))].sort();
    if (names.join("\n") === this.names.join("\n")) return;
    this.names = names;
    const select = byId("history-filter");
    const current = select.value;
    select.textContent = "";
    select.append(el("option", { value: "", text: "all scenarios" }));
    for (const n of names) select.append(el("option", { value: n, text: n }));
    select.value = names.includes(current) ? current : "";
  }

  render(runs) {
    const body = byId("history-rows");
    body.textContent = "";
    show(byId("history-empty"), runs.length === 0);
    byId("history-empty").textContent = this.trashMode ? "The trash is empty." : "No runs yet.";
    for (const run of runs) body.append(this.row(run));
  }

  row(run) {
    const v = verdictOf(run);
    const when = this.trashMode ? "deleted " + formatDate(run.deletedAt) : formatDate(run.startedAt);
    const names = run.scenarios.slice(0, 8).join(", ") + (run.scenarios.length > 8 ? ", …" : "");
    const actions = this.trashMode ? this.trashActions(run) : this.liveActions(run);
    return el("tr", { "data-run": run.id }, [
      el("td", { "data-label": "date", "data-testid": "history.date", text: when }),
      el("td", { "data-label": "verdict" }, [
        el("span", { class: "pill " + v.cls, "data-testid": "history.verdict", text: v.text }),
      ]),
      el("td", { "data-label": "duration", "data-testid": "history.duration", text: formatDuration(run.durationS) }),
      el("td", { "data-label": "scenarios", "data-testid": "history.scenarios", title: names, text: run.passed + "/" + run.total + " passed" }),
      el("td", { "data-label": "run", "data-testid": "history.id", text: run.id }),
      el("td", { class: "actions" }, actions),
    ]);
  }

  liveActions(run) {
    const out = [];
    if (run.report) {
      out.push(el("button", {
        type: "button",
        "data-testid": "history.open",
        "aria-label": "open report of " + run.id,
        text: "Report",
        onclick: () => this.hooks.onOpen(run.id),
      }));
    }
    out.push(el("button", {
      type: "button",
      class: "danger",
      "data-testid": "history.delete",
      "aria-label": "delete run " + run.id,
      text: "Delete",
      onclick: () => this.act("DELETE", "/api/runs/" + encodeURIComponent(run.id), run.id),
    }));
    return out;
  }

  trashActions(run) {
    const purge = el("button", {
      type: "button",
      class: "danger",
      "data-testid": "history.purge",
      "aria-label": "delete run " + run.id + " forever",
      text: "Delete forever",
    });
    // A second click confirms: no modal dialog to get in the way of keyboards and automation.
    purge.addEventListener("click", () => {
      if (purge.dataset.armed) {
        this.act("DELETE", "/api/runs/" + encodeURIComponent(run.id) + "?purge=true", run.id);
      } else {
        purge.dataset.armed = "1";
        purge.textContent = "Confirm: delete forever";
      }
    });
    return [
      el("button", {
        type: "button",
        "data-testid": "history.restore",
        "aria-label": "restore run " + run.id,
        text: "Restore",
        onclick: () => this.act("POST", "/api/runs/" + encodeURIComponent(run.id) + "/restore", run.id),
      }),
      purge,
    ];
  }

  async act(method, path, runId) {
    try {
      await api(path, { method });
      this.hooks.onChange(runId);
    } catch (err) {
      this.hooks.onError(err);
    }
    await this.refresh();
  }
}
`;
