/**
 * Page module: login, pickers, Run, the embedded report.
 * Kept as a string module so a compiled binary carries it (docs/serve.md).
 *
 * @module
 */

// deno-fmt-ignore
export const MAIN_JS = String.raw`// The page of bajutsu serve: log in when the server has a token, pick a target and its
// scenarios, run them, watch them live, open the report, and manage the history.

import { api, ApiError, Latest, STALE } from "./api.js";
import { byId, el, show } from "./dom.js";
import { HistoryView } from "./history.js";
import { LiveView } from "./live.js";
import { ReadinessView } from "./readiness.js";

// The listing of the target picked last wins, whatever order the answers arrive in; until it
// has arrived the list is empty, so Run cannot send the previous target's files.
// The device picker follows the same rule; deviceField is the run field its choice goes into
// (udid for simulators and Android devices, browser for engines; null: nothing to pick).
const state = { targets: [], files: [], platform: "", loading: false, deviceField: null };
const requests = { targets: new Latest(), scenarios: new Latest(), devices: new Latest() };
// Built by start() once the document exists.
let live = null;
let historyView = null;
let readiness = null;

function reportError(err, where) {
  if (err instanceof ApiError && err.status === 401) {
    showLogin("Your session ended: log in again.");
    return;
  }
  const box = byId(where || "run-error");
  box.textContent = err.message;
  show(box, true);
}

function showLogin(note) {
  if (live) live.stop();
  show(byId("app"), false);
  show(byId("logout"), false);
  show(byId("login"), true);
  if (note) byId("login-note").textContent = note;
  byId("login-token").focus();
}

async function login(event) {
  event.preventDefault();
  const error = byId("login-error");
  show(error, false);
  try {
    await api("/api/login", { method: "POST", body: { token: byId("login-token").value } });
  } catch (err) {
    error.textContent = err.status === 401 ? "Wrong token." : err.message;
    show(error, true);
    if (err.status === 401) {
      byId("login-token").value = "";
      byId("login-token").focus();
    }
    return;
  }
  byId("login-token").value = "";
  await boot();
}

async function logout() {
  try {
    await api("/api/logout", { method: "POST" });
  } finally {
    showLogin("Logged out.");
  }
}

async function loadTargets() {
  const data = await requests.targets.api("/api/targets");
  if (data === STALE) return;
  state.targets = data.targets;
  byId("config-name").textContent = data.config;
  const select = byId("target");
  const current = select.value;
  select.textContent = "";
  for (const t of data.targets) {
    select.append(el("option", { value: t.name, text: t.name + " (" + t.platform + ")" }));
  }
  if (data.targets.some((t) => t.name === current)) select.value = current;
  await loadScenarios();
}

async function loadScenarios() {
  const target = byId("target").value;
  const info = state.targets.find((t) => t.name === target);
  state.platform = info ? info.platform : "";
  show(byId("headed-label"), state.platform === "web");
  // Listed alongside the scenarios, never in their way: a slow simctl does not hold them up.
  loadDevices(target).catch((err) => deviceNote(err.message));
  state.files = [];
  if (!target) {
    requests.scenarios.drop();
    state.loading = false;
  } else {
    state.loading = true;
    drawScenarios();
    let data;
    try {
      data = await requests.scenarios.api("/api/scenarios?target=" + encodeURIComponent(target));
    } catch (err) {
      state.loading = false;
      drawScenarios();
      throw err;
    }
    if (data === STALE) return;
    state.loading = false;
    state.files = data.files;
  }
  const tags = [...new Set(state.files.flatMap((f) => f.tags))].sort();
  const tagSelect = byId("tag");
  const currentTag = tagSelect.value;
  tagSelect.textContent = "";
  tagSelect.append(el("option", { value: "", text: "all tags" }));
  for (const t of tags) tagSelect.append(el("option", { value: t, text: t }));
  tagSelect.value = tags.includes(currentTag) ? currentTag : "";
  drawScenarios();
}

function deviceNote(text) {
  const note = byId("device-note");
  note.textContent = text || "";
  show(note, Boolean(text));
}

// What the target's backend can lease (GET /api/simulators). "default" sends nothing, so the
// run picks as the command line does; devices a run cannot use are listed, disabled, with what
// to do about them.
async function loadDevices(target) {
  const select = byId("device");
  state.deviceField = null;
  select.textContent = "";
  select.append(el("option", { value: "", text: "default" }));
  deviceNote("");
  if (!target) {
    requests.devices.drop();
    show(byId("device-label"), false);
    return;
  }
  const data = await requests.devices.api("/api/simulators?target=" + encodeURIComponent(target));
  if (data === STALE) return;
  state.deviceField = data.field;
  show(byId("device-label"), data.field !== null);
  for (const d of data.devices) {
    const name = d.name === d.id ? d.id : d.name + " — " + d.id;
    select.append(el("option", {
      value: d.id,
      text: name + " (" + d.state + ")",
      disabled: !d.usable,
      "data-testid": "run.device." + d.id,
    }));
  }
  const notes = data.problem ? [data.problem] : [];
  for (const d of data.devices) if (!d.usable) notes.push(d.id + ": " + d.detail);
  deviceNote(notes.join(" · "));
}

function drawScenarios() {
  const tag = byId("tag").value;
  const list = byId("scenario-list");
  list.textContent = "";
  const shown = state.files.filter((f) => !tag || f.tags.includes(tag));
  show(byId("scenario-empty"), shown.length === 0 && !state.loading);
  const all = byId("select-all").checked;
  for (const f of shown) {
    const broken = f.errors.length > 0;
    const box = el("input", {
      type: "checkbox",
      value: f.path,
      "data-testid": "run.file",
      "aria-label": "run " + f.path,
      checked: all && !broken,
      disabled: broken,
    });
    const names = f.scenarios.filter((s) => !tag || s.tags.includes(tag)).map((s) => s.name);
    const children = [
      el("label", {}, [box, el("span", { text: f.path })]),
      f.tags.length ? el("span", { class: "tags", text: " #" + f.tags.join(" #") }) : "",
      names.length ? el("span", { class: "names", text: names.join(" · ") }) : "",
    ];
    for (const p of f.errors.slice(0, 3)) {
      children.push(el("span", {
        class: "problem",
        "data-testid": "run.problem",
        text: p.file + ":" + p.line + ":" + p.col + ": " + p.code + " " + p.message,
      }));
    }
    list.append(el("li", {}, children));
  }
}

async function startRun() {
  const error = byId("run-error");
  show(error, false);
  const picked = [...document.querySelectorAll("#scenario-list input:checked")].map((b) => b.value);
  if (picked.length === 0) {
    error.textContent = "Pick at least one scenario file.";
    show(error, true);
    return;
  }
  const body = { target: byId("target").value, scenario: picked };
  const tag = byId("tag").value;
  if (tag) body.tag = tag;
  const workers = Number(byId("workers").value);
  if (Number.isInteger(workers) && workers > 1) body.workers = workers;
  if (state.platform === "web" && byId("headed").checked) body.headed = true;
  const device = byId("device").value;
  if (device && state.deviceField) body[state.deviceField] = device;
  byId("run").disabled = true;
  try {
    const { jobId } = await api("/api/run", { method: "POST", body });
    live.follow(jobId);
  } catch (err) {
    reportError(err);
  } finally {
    byId("run").disabled = false;
  }
}

// From the history the report is what the user asked for: bring it into view. At the end of a
// live run it opens below without moving the page away from the verdicts.
function openReport(runId, reveal) {
  const base = "/runs/" + encodeURIComponent(runId) + "/";
  show(byId("report"), true);
  byId("report-caption").textContent = "loading " + runId + "…";
  byId("report-open").href = base + "report.html";
  byId("report-zip").href = base + "archive.zip";
  byId("report-zip").setAttribute("download", runId + ".zip");
  const frame = byId("report-frame");
  frame.dataset.run = runId;
  frame.src = base + "report.html";
  if (reveal) byId("report").scrollIntoView({ block: "start", behavior: "smooth" });
}

function onReportLoaded() {
  const frame = byId("report-frame");
  if (!frame.dataset.run) return;
  let title = "";
  try {
    title = frame.contentDocument ? frame.contentDocument.title : "";
  } catch (_) {
    title = "";
  }
  byId("report-caption").textContent = title.startsWith("Bajutsu run")
    ? title
    : "report of " + frame.dataset.run + " is not available";
}

function closeReport() {
  const frame = byId("report-frame");
  delete frame.dataset.run;
  frame.removeAttribute("src");
  show(byId("report"), false);
}

async function boot() {
  let info;
  try {
    info = await api("/api/info");
  } catch (err) {
    if (err.status === 401) return showLogin();
    byId("login-note").textContent = err.message;
    show(byId("login"), true);
    return;
  }
  show(byId("login"), false);
  show(byId("app"), true);
  show(byId("logout"), info.auth);
  try {
    await loadTargets();
  } catch (err) {
    reportError(err);
  }
  await historyView.refresh();
  try {
    // A run the user starts while this answer is on its way is the one to follow.
    const followed = live.jobId;
    const { jobs } = await api("/api/jobs");
    const running = jobs.find((j) => j.status === "running");
    if (running && live.jobId === followed) live.follow(running.id);
  } catch (err) {
    reportError(err);
  }
}

function start() {
  live = new LiveView({
    onDone: (view) => {
      historyView.refresh();
      if (view.outPath && view.runId) openReport(view.runId, false);
    },
    onError: (err) => reportError(err),
  });
  historyView = new HistoryView({
    onOpen: (runId) => openReport(runId, true),
    onChange: (runId) => {
      if (byId("report-frame").dataset.run === runId) closeReport();
    },
    onError: (err) => reportError(err, "history-error"),
  });
  readiness = new ReadinessView({
    target: () => byId("target").value,
    onError: (err) => reportError(err),
  });
  byId("login-form").addEventListener("submit", login);
  byId("logout").addEventListener("click", logout);
  byId("target").addEventListener("change", () => {
    readiness.reset();
    loadScenarios().catch((err) => reportError(err));
  });
  byId("tag").addEventListener("change", drawScenarios);
  byId("select-all").addEventListener("change", drawScenarios);
  byId("run").addEventListener("click", startRun);
  byId("report-frame").addEventListener("load", onReportLoaded);
  byId("report-close").addEventListener("click", closeReport);
  const params = new URLSearchParams(location.search);
  if (params.get("login") === "expired") {
    byId("login-note").textContent = "That login link was already used: enter the token instead.";
    window.history.replaceState(null, "", "/");
  }
  boot();
}

// Imported outside a browser (the module check in the tests) there is nothing to start.
if (typeof document !== "undefined") start();
`;
