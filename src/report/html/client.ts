/**
 * The report page's script. `reportClient` runs in the browser, not in Deno: it is serialised
 * with `Function.prototype.toString`, so it must be self-contained (no imports at runtime, no
 * outer variables). Type-only imports are erased and keep it checked.
 *
 * It draws one collapsed block per scenario from the summaries in `#bj-summary`, and parses a
 * scenario's data (`#bj-s-<i>`) and builds its tables only when it is opened: the first screen
 * of a 1,000-scenario run stays cheap. All app-controlled text goes through `textContent`.
 *
 * @module
 */
import type {
  ManifestArtifact,
  ManifestAssertion,
  ManifestScenario,
  ManifestSkippedStep,
  ManifestStep,
} from "../manifest_types.ts";
import type { ScenarioSummary } from "./summary.ts";
import type { ScenarioTraffic, TrafficEntry } from "../step_traffic.ts";
import type { ManifestLaunch, ManifestOverlay, ManifestWait } from "../step_audit.ts";

/**
 * How many failed scenarios are opened (and built) on load; the rest wait for a click.
 *
 * @example
 * ```ts
 * reportClient(document, AUTO_OPEN_FAILED); // opens up to 20 failed scenarios
 * ```
 */
export const AUTO_OPEN_FAILED = 20;

/**
 * The page script; call with the page's `document` and the auto-open budget.
 *
 * @example
 * ```ts
 * // Runs in the browser, inlined into report.html by clientScript().
 * reportClient(document, AUTO_OPEN_FAILED);
 * ```
 */
export function reportClient(doc: Document, autoOpen: number): void {
  type El = HTMLElement;
  type Tree = {
    identifier?: unknown;
    label?: unknown;
    value?: unknown;
    traits?: unknown;
    frame?: unknown;
  }[];
  type Shot = { src: string; caption: string };

  const readJson = <T>(id: string, fallback: T): T => {
    const node = doc.getElementById(id);
    return node && node.textContent ? JSON.parse(node.textContent) as T : fallback;
  };
  // The page script runs before the per-scenario data blocks are parsed (they follow it), so
  // the collapsed list shows up without waiting for them; opening a block reads its data.
  const summaries = readJson<ScenarioSummary[]>("bj-summary", []);
  const parsed = new Map<number, ManifestScenario>();
  const scenarioData = (i: number): ManifestScenario => {
    let s = parsed.get(i);
    if (!s) {
      s = readJson<ManifestScenario>("bj-s-" + i, {} as ManifestScenario);
      parsed.set(i, s);
    }
    return s;
  };
  let treeIndexCache: Record<string, number> | null = null;
  const treeIndex = () => (treeIndexCache ??= readJson<Record<string, number>>("bj-el-index", {}));
  const whenParsed = (fn: () => void) => {
    if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", fn);
    else fn();
  };

  // -- small DOM helpers ------------------------------------------------------------------------
  function h(tag: string, cls?: string, text?: string | number | null): El {
    const e = doc.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent: Node, ...kids: (Node | string | null)[]): void {
    for (const k of kids) {
      if (k !== null) parent.appendChild(typeof k === "string" ? doc.createTextNode(k) : k);
    }
  }
  function href(path: string): string | null {
    if (!path || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(path) || /^[/\\]/.test(path)) return null;
    const parts = path.split("/");
    if (parts.some((p) => p === ".." || p.indexOf("\\") >= 0)) return null;
    return parts.map(encodeURIComponent).join("/");
  }
  function link(path: string, text?: string): El {
    const url = href(path);
    if (!url) return h("span", "muted", text ?? path);
    const a = h("a", undefined, text ?? path) as HTMLAnchorElement;
    a.href = url;
    a.target = "_blank";
    a.rel = "noopener";
    return a;
  }
  /** A link out of the report (a device cloud's session page): http(s) only. */
  /** A link out (a cloud's session page): a plain http(s) URL only, never one with credentials. */
  function externalLink(url: string, text: string): El {
    let safe = false;
    try {
      const u = new URL(url);
      safe = (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
    } catch {
      // not a URL: shown as text
    }
    if (!safe) return h("span", undefined, text);
    const a = h("a", undefined, text) as HTMLAnchorElement;
    a.href = url;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    return a;
  }
  function seconds(s: number): string {
    if (!isFinite(s)) return "—";
    if (s < 60) return s.toFixed(s < 10 ? 2 : 1) + "s";
    const m = Math.floor(s / 60);
    return m + "m " + String(Math.round(s - m * 60)).padStart(2, "0") + "s";
  }
  function pill(state: "ok" | "fail" | "skip"): El {
    return h("span", "pill " + state, state === "ok" ? "PASS" : state === "fail" ? "FAIL" : "SKIP");
  }
  function selectorText(sel: Record<string, unknown> | null): string {
    if (!sel) return "";
    const order = [
      "id",
      "idMatches",
      "label",
      "labelMatches",
      "traits",
      "value",
      "within",
      "index",
    ];
    const parts: string[] = [];
    for (const k of order) {
      if (sel[k] === undefined) continue;
      parts.push(
        k === "within"
          ? "within(" + selectorText(sel[k] as Record<string, unknown>) + ")"
          : k + "=" + JSON.stringify(sel[k]),
      );
    }
    return parts.join(", ");
  }
  function table(headers: string[], cls?: string): { table: El; body: El } {
    const t = h("table", cls);
    const head = h("thead");
    const tr = h("tr");
    for (const c of headers) add(tr, h("th", undefined, c));
    add(head, tr);
    const body = h("tbody");
    add(t, head, body);
    return { table: t, body };
  }
  function row(cells: (Node | string | number | null)[], cls?: string): El {
    const tr = h("tr", cls);
    for (const c of cells) {
      const td = h("td");
      if (c instanceof Node) add(td, c);
      else if (c !== null) td.textContent = String(c);
      add(tr, td);
    }
    return tr;
  }
  const byKind = (arts: ManifestArtifact[], kind: string) => arts.filter((a) => a.kind === kind);
  const shotOf = (arts: ManifestArtifact[], file: string) =>
    arts.find((a) => a.kind === "screenshot" && (a.name === file || a.name.endsWith("/" + file)));

  // -- lightbox across every screenshot of the run ----------------------------------------------
  let shots: Shot[] | null = null;
  let shotAt = 0;
  const box = doc.getElementById("lightbox") as El;
  const boxImg = box.querySelector("img") as HTMLImageElement;
  const boxCap = box.querySelector(".cap") as El;
  function allShots(): Shot[] {
    if (shots) return shots;
    shots = [];
    for (let i = 0; i < summaries.length; i++) {
      const s = scenarioData(i);
      for (const st of [...s.before_outcomes, ...s.steps, ...s.after_outcomes]) {
        for (const a of st.artifacts) {
          const url = a.kind === "screenshot" ? href(a.name) : null;
          if (url) {
            shots.push({ src: url, caption: s.scenario + " · " + st.step_id + " · " + a.name });
          }
        }
      }
    }
    return shots;
  }
  function showShot(i: number): void {
    const list = allShots();
    if (!list.length) return;
    shotAt = (i + list.length) % list.length;
    boxImg.src = list[shotAt].src;
    boxCap.textContent = (shotAt + 1) + " / " + list.length + "  " + list[shotAt].caption;
    box.hidden = false;
  }
  function openShot(url: string): void {
    const i = allShots().findIndex((s) => s.src === url);
    showShot(i < 0 ? 0 : i);
  }
  (box.querySelector(".prev") as El).addEventListener("click", () => showShot(shotAt - 1));
  (box.querySelector(".next") as El).addEventListener("click", () => showShot(shotAt + 1));
  (box.querySelector(".close") as El).addEventListener("click", () => (box.hidden = true));
  box.addEventListener("click", (ev) => {
    if (ev.target === box) box.hidden = true;
  });
  doc.addEventListener("keydown", (ev) => {
    if (box.hidden) return;
    if (ev.key === "ArrowLeft") showShot(shotAt - 1);
    else if (ev.key === "ArrowRight") showShot(shotAt + 1);
    else if (ev.key === "Escape") box.hidden = true;
  });
  function shotFigure(path: string, caption: string, overlay: ManifestOverlay | null): El {
    const fig = h("figure", "shot");
    const url = href(path);
    if (!url) {
      add(fig, h("div", "muted", "not captured"));
      return fig;
    }
    const img = h("img") as HTMLImageElement;
    img.loading = "lazy";
    img.alt = caption;
    img.src = url;
    img.addEventListener("click", () => openShot(url));
    const frame = h("div", "shot-frame");
    add(frame, img);
    const cap = h("figcaption", undefined, caption);
    if (overlay) {
      const svg = overlaySvg(overlay);
      add(frame, svg);
      // The frames are drawn over the PNG, never into it: the reader can hide them.
      const toggle = h("label", "frames-toggle");
      const box = h("input") as HTMLInputElement;
      box.type = "checkbox";
      box.checked = true;
      box.addEventListener("change", () => svg.classList.toggle("off", !box.checked));
      add(toggle, box, " frames");
      add(cap, " ", toggle);
    }
    add(fig, frame, h("div", "outline"), cap);
    return fig;
  }
  /**
   * The overlay as SVG in screenshot pixels (frames are in driver units × the recorded scale),
   * stretched over the image so it follows any displayed size.
   */
  function overlaySvg(o: ManifestOverlay): Element {
    const NS = "http://www.w3.org/2000/svg";
    const k = o.scale && o.scale > 0 ? o.scale : 1;
    const svg = doc.createElementNS(NS, "svg");
    svg.setAttribute("class", "overlay");
    svg.setAttribute("viewBox", "0 0 " + o.screen[0] * k + " " + o.screen[1] * k);
    svg.setAttribute("preserveAspectRatio", "none");
    for (const b of o.boxes) {
      const r = doc.createElementNS(NS, "rect");
      r.setAttribute("class", "ov-" + b.role);
      r.setAttribute("x", String(b.frame[0] * k));
      r.setAttribute("y", String(b.frame[1] * k));
      r.setAttribute("width", String(b.frame[2] * k));
      r.setAttribute("height", String(b.frame[3] * k));
      const title = doc.createElementNS(NS, "title");
      title.textContent = b.role + (b.label ? ": " + b.label : "") + " [" + b.frame.join(",") +
        "]";
      r.appendChild(title);
      svg.appendChild(r);
    }
    if (o.point) {
      const c = doc.createElementNS(NS, "circle");
      c.setAttribute("class", "ov-point");
      c.setAttribute("cx", String(o.point[0] * k));
      c.setAttribute("cy", String(o.point[1] * k));
      c.setAttribute("r", String(Math.max(o.screen[0], o.screen[1]) * k * 0.012));
      const title = doc.createElementNS(NS, "title");
      title.textContent = "tap (" + o.point.join(",") + ")";
      c.appendChild(title);
      svg.appendChild(c);
    }
    return svg;
  }

  // -- element tree viewer ----------------------------------------------------------------------
  function treeViewer(path: string, target: El | null): El {
    const wrap = h("div", "tree");
    const n = treeIndex()[path];
    if (n !== undefined) {
      fillTree(wrap, readJson<Tree>("bj-el-" + n, []), target);
    } else if (/^https?:$/.test(location.protocol) && href(path)) {
      add(wrap, h("div", "muted", "loading elements…"));
      fetch(href(path) as string).then((r) => r.json()).then(
        (tree: Tree) => {
          wrap.textContent = "";
          fillTree(wrap, tree, target);
        },
        () => {
          wrap.textContent = "";
          add(wrap, link(path, "elements.json"));
        },
      );
    } else {
      add(wrap, "element tree: ", link(path, "elements.json"));
    }
    return wrap;
  }
  function fillTree(wrap: El, tree: Tree, target: El | null): void {
    const input = h("input", "tree-filter") as HTMLInputElement;
    input.type = "search";
    input.placeholder = "filter " + tree.length + " elements";
    const { table: t, body } = table(
      ["identifier", "label", "value", "traits", "frame"],
      "elements",
    );
    const texts: string[] = [];
    const rows: El[] = [];
    let logicalW = 0;
    for (const e of tree) {
      const frame = Array.isArray(e.frame) ? e.frame.map(Number) : [];
      if (frame.length === 4) logicalW = Math.max(logicalW, frame[0] + frame[2]);
      const cells = [e.identifier, e.label, e.value].map((
        v,
      ) => (v === null || v === undefined ? "" : String(v)));
      const traits = Array.isArray(e.traits) ? e.traits.join(" ") : "";
      const tr = row([...cells, traits, frame.length ? "[" + frame.join(",") + "]" : ""]);
      tr.addEventListener("mouseenter", () => outline(target, frame, logicalW));
      tr.addEventListener("mouseleave", () => outline(target, [], logicalW));
      texts.push((cells.join(" ") + " " + traits).toLowerCase());
      rows.push(tr);
      add(body, tr);
    }
    input.addEventListener("input", () => {
      const q = input.value.trim().toLowerCase();
      rows.forEach((r, i) => (r.hidden = q !== "" && texts[i].indexOf(q) < 0));
    });
    add(wrap, input, t);
  }
  function outline(fig: El | null, frame: number[], logicalW: number): void {
    const box = fig ? fig.querySelector(".outline") as El | null : null;
    const img = fig ? fig.querySelector("img") as HTMLImageElement | null : null;
    if (!box || !img) return;
    if (frame.length !== 4 || !logicalW || !img.clientWidth) {
      box.style.display = "none";
      return;
    }
    const k = img.clientWidth / logicalW;
    box.style.display = "block";
    box.style.left = img.offsetLeft + frame[0] * k + "px";
    box.style.top = img.offsetTop + frame[1] * k + "px";
    box.style.width = frame[2] * k + "px";
    box.style.height = frame[3] * k + "px";
  }

  // -- steps --------------------------------------------------------------------------------------
  function assertionTable(list: ManifestAssertion[], cls: string): El {
    const { table: t, body } = table(["result", "kind", "detail", "reason"], cls);
    for (const a of list) {
      let detail: Node | string = a.detail;
      if (a.visual) {
        const v = a.visual;
        const d = h("span");
        add(
          d,
          a.detail + " ",
          v.missing
            ? h("em", undefined, "no baseline yet")
            : h("em", undefined, "diff " + (v.diff_pct ?? 0) + "%"),
        );
        for (const p of [v.baseline, v.actual, v.diff]) {
          if (p) add(d, " ", link(p, p.split("/").pop()));
        }
        detail = d;
      }
      add(body, row([pill(a.ok ? "ok" : "fail"), a.kind, detail, a.reason], a.ok ? "ok" : "fail"));
    }
    return t;
  }
  function stepDetail(st: ManifestStep, traffic: TrafficEntry[]): El {
    const panel = h("div", "step-detail");
    const before = shotOf(st.artifacts, "before.png");
    const after = shotOf(st.artifacts, "after.png");
    const shotsRow = h("div", "shots");
    const ov = st.overlay ?? null;
    // The overlay belongs to the screen the step resolved on; without that shot, to the other.
    const onBefore = ov !== null && (ov.shot === "before" ? !!before : !after);
    const beforeFig = before ? shotFigure(before.name, "before", onBefore ? ov : null) : null;
    const afterFig = after
      ? shotFigure(after.name, "after", ov !== null && !onBefore ? ov : null)
      : null;
    add(shotsRow, beforeFig, afterFig);
    if (before || after) add(panel, shotsRow);
    const meta = h("div", "meta");
    add(meta, "step " + st.index + " · " + st.step_id + " · " + seconds(st.duration_s));
    if (st.file || st.line !== null) {
      add(meta, " · " + (st.file ?? "") + (st.line !== null ? ":" + st.line : ""));
    }
    if (st.retried) add(meta, " · retried after an alert");
    if (st.fired_rules.length) add(meta, " · capture rules " + st.fired_rules.join(","));
    add(panel, meta);
    if (st.latency) add(panel, latencyBar(st));
    if (st.reason) add(panel, h("div", "reason-box", st.reason));
    if (traffic.length) add(panel, trafficTable(traffic, st.started_at));
    if (st.actuations.length) {
      const { table: t, body } = table([
        "gesture",
        "via",
        "unit",
        "points / frame",
        "target",
        "substitution",
        "accepted",
      ], "actuations");
      for (const a of st.actuations) {
        const geo = a.points.length
          ? a.points.map((p) => "(" + p.join(",") + ")").join(" → ")
          : a.frame
          ? "[" + a.frame.join(",") + "]"
          : "";
        add(
          body,
          row([
            a.gesture,
            a.via,
            a.unit,
            geo,
            a.target ?? "",
            a.substitution ?? "",
            a.accepted ? "yes" : "refused",
          ]),
        );
      }
      add(panel, t);
      if (st.dropped_actuations) {
        add(panel, h("div", "muted", st.dropped_actuations + " more actuations dropped"));
      }
    }
    const elements = byKind(st.artifacts, "elements")[0];
    if (elements) add(panel, treeViewer(elements.name, afterFig ?? beforeFig));
    const others = st.artifacts.filter((a) => a.kind !== "screenshot" && a.kind !== "elements");
    if (others.length) {
      const files = h("div", "files");
      add(files, "evidence: ");
      for (const a of others) add(files, link(a.name, a.name.split("/").pop()), " ");
      add(panel, files);
    }
    return panel;
  }
  /** Where the step's time went: one bar, one segment per kind of work. */
  function latencyBar(st: ManifestStep): El {
    const l = st.latency!;
    const total = Math.max(st.duration_s, 1e-9);
    const other = Math.max(0, st.duration_s - l.read_s - l.act_s - l.wait_s - l.evidence_s);
    const parts: [string, number][] = [
      ["read", l.read_s],
      ["act", l.act_s],
      ["wait", l.wait_s],
      ["evidence", l.evidence_s],
      ["other", other],
    ];
    const wrap = h("div", "lat");
    const bar = h("div", "lat-bar");
    const legend = h("div", "lat-legend");
    for (const [name, v] of parts) {
      const seg = h("span", "lat-" + name);
      seg.style.width = (100 * v / total).toFixed(2) + "%";
      seg.title = name + " " + ms(v);
      add(bar, seg);
      add(legend, h("span", "lat-key lat-" + name), name + " " + ms(v) + "  ");
    }
    add(wrap, bar, legend);
    return wrap;
  }
  function ms(s: number): string {
    return s < 10 ? Math.round(s * 1000) + " ms" : seconds(s);
  }
  const ENDED: Record<string, string> = {
    condition: "condition met",
    stable: "screen held still",
    changed: "screen changed",
    timeout: "timed out",
    aborted: "a recovery failed",
    readOnce: "only read-once assertions still failed",
  };
  function waitText(w: ManifestWait): string {
    let end = ENDED[w.ended_by] ?? w.ended_by;
    if (w.ended_by === "stable") end = w.stable_reads + " identical reads";
    if (
      (w.kind === "settled" || w.kind === "scroll-settle" || w.kind === "relaunch") &&
      w.ended_by === "timeout"
    ) {
      end = "timed out, went on";
    }
    const bits = [
      w.kind + ": " + end,
      w.reads + " read" + (w.reads === 1 ? "" : "s"),
      ms(w.seconds) + " of " + seconds(w.timeout_s),
    ];
    if (w.watcher_acts) bits.push("watchers acted " + w.watcher_acts + "×");
    if (w.watcher_removed) bits.push(w.watcher_removed + " elements a watcher removed set aside");
    return bits.join(" · ");
  }
  // The readiness gate before the first step: which rung fired and whether the screen then held
  // still; anything but a settled screen is marked like a passing step's settle timeout.
  function launchLine(l: ManifestLaunch): El {
    const end = l.ended_by === "timeout" ? "not ready, timed out, went on" : l.signal + " met, " +
      (l.ended_by === "stable" ? "screen held still" : "screen never held still, went on");
    const line = h(
      "p",
      "launch",
      "launch: " + end + " · " + l.reads + " read" + (l.reads === 1 ? "" : "s") + " · " +
        ms(l.seconds) + " of " + seconds(l.timeout_s),
    );
    if (l.ended_by !== "stable") {
      const badge = h("span", "tmo", "settle timeout");
      badge.title = "the app was not ready or its screen never held still before the first step";
      add(line, badge);
    }
    return line;
  }
  function trafficTable(list: TrafficEntry[], start: number): El {
    const { table: t, body } = table(["at", "", "what"], "traffic");
    for (const e of list) {
      const at = e.at !== null && start > 0 ? "+" + ms(Math.max(0, e.at - start)) : "";
      if (e.kind === "request") {
        const what = (e.method ?? "") + " " + (e.status === null ? "—" : String(e.status)) + " " +
          (e.url ?? "") + " (" + Math.round(e.duration_ms ?? 0) + " ms)" +
          (e.mocked ? " mocked" : "");
        const tr = row([at, h("span", "tk tk-net", "net"), what]);
        if (e.status !== null && e.status !== undefined && e.status >= 400) {
          tr.classList.add("bad");
        }
        add(body, tr);
      } else {
        add(body, row([at, h("span", "tk tk-log", "log"), e.text ?? ""]));
      }
    }
    return t;
  }
  function stepRows(
    body: El,
    s: ManifestScenario,
    steps: ManifestStep[],
    base: number,
    media: HTMLVideoElement | null,
    trafficOf: (position: number) => TrafficEntry[],
  ): void {
    steps.forEach((st, position) => {
      const traffic = trafficOf(position);
      const shot = shotOf(st.artifacts, "after.png") ?? shotOf(st.artifacts, "before.png");
      let view: El | string = "—";
      const url = shot ? href(shot.name) : null;
      if (shot && url) {
        const img = h("img", "thumb") as HTMLImageElement;
        img.loading = "lazy";
        img.alt = st.step_id;
        img.src = url;
        img.addEventListener("click", (ev) => {
          ev.stopPropagation();
          openShot(url);
        });
        view = img;
      }
      const target = st.action === "assert" && !st.selector
        ? st.assertion_results.length + " assertion" +
          (st.assertion_results.length === 1 ? "" : "s")
        : selectorText(st.selector);
      const at = base > 0 && st.started_at > 0 ? seconds(Math.max(0, st.started_at - base)) : "";
      // A name the author gave is shown; the default `step<i>` only repeats the index.
      const name = st.step_id === "step" + st.index ? "" : st.step_id;
      const tr = row(
        [
          String(st.index),
          pill(st.ok ? "ok" : "fail"),
          h("span", "act act-" + st.action.replace(/[^a-zA-Z]/g, ""), st.action),
          name,
          target,
          st.detail ?? "",
          seconds(st.duration_s),
          at,
          view,
          st.reason,
        ],
        "step " + (st.ok ? "ok" : "fail"),
      );
      // A passing step that only got through on a settle timeout is worth a second look.
      const waits = st.waits ?? [];
      if (st.ok && waits.some((w) => w.ended_by === "timeout")) {
        tr.classList.add("timed-out");
        const badge = h("span", "tmo", "settle timeout");
        badge.title = "a wait of this step ran out its timeout and the step went on";
        tr.children[1].appendChild(badge);
      }
      add(body, tr);
      const extra = (what: string, text: string) =>
        add(body, row(["", "", what, "", text, "", "", "", "", ""], "extra"));
      const waited = st.auto_wait;
      if (waited) {
        extra(
          "auto-wait",
          seconds(waited.seconds) + " for " + selectorText(waited.selector) + " (" +
            waited.polls + " read" + (waited.polls === 1 ? "" : "s") +
            (waited.ready ? "" : ", not ready: acted anyway") + ")",
        );
      }
      for (const a of st.alerts) extra("alert", "dismissed: " + a.label);
      for (const d of st.dialogs) {
        extra(
          "dialog",
          d.kind + " " + JSON.stringify(d.text) + " → " + d.answer +
            (d.unexpected ? " (dialog handling is off)" : ""),
        );
      }
      if (st.generated !== null) extra("generated", st.generated);
      for (const w of waits) extra("wait", waitText(w));
      if (traffic.length) {
        const nets = traffic.filter((e) => e.kind === "request");
        const failed = nets.filter((e) => typeof e.status === "number" && e.status >= 400);
        const logs = traffic.length - nets.length;
        extra(
          "traffic",
          [
            nets.length ? nets.length + " request" + (nets.length === 1 ? "" : "s") : "",
            failed.length ? failed.length + " failed" : "",
            logs ? logs + " log line" + (logs === 1 ? "" : "s") : "",
          ].filter((x) => x).join(" · ") + " (open the step)",
        );
      }
      if (st.assertion_results.length) {
        const tr2 = h("tr", "sub");
        const td = h("td") as HTMLTableCellElement;
        td.colSpan = 10;
        add(td, assertionTable(st.assertion_results, "asserts"));
        add(tr2, td);
        add(body, tr2);
      }
      const detailRow = h("tr", "detail");
      const cell = h("td") as HTMLTableCellElement;
      cell.colSpan = 10;
      add(detailRow, cell);
      detailRow.hidden = true;
      add(body, detailRow);
      const toggle = () => {
        if (!cell.firstChild) add(cell, stepDetail(st, traffic));
        detailRow.hidden = !detailRow.hidden;
      };
      tr.addEventListener("click", () => {
        toggle();
        playStep(media, s, st);
      });
      if (!st.ok) {
        tr.classList.add("failing");
        toggle();
      }
    });
  }
  function playStep(media: HTMLVideoElement | null, s: ManifestScenario, st: ManifestStep): void {
    if (!media) return;
    const segment = byKind(st.artifacts, "video")[0];
    const url = segment ? href(segment.name) : null;
    if (url) {
      media.src = url;
      media.play().catch(() => {});
    } else if (s.video_anchor_s > 0 && st.started_at > 0) {
      media.currentTime = Math.max(0, st.started_at - s.video_anchor_s);
    }
  }
  function skippedRows(body: El, list: ManifestSkippedStep[]): void {
    for (const st of list) {
      add(
        body,
        row([
          String(st.index),
          pill("skip"),
          h("span", "act", st.action),
          st.step_id === "step" + st.index ? "" : st.step_id,
          selectorText(st.selector),
          "",
          "",
          "",
          "",
          "skipped",
        ], "step skipped"),
      );
    }
  }
  function phaseTable(
    title: string,
    s: ManifestScenario,
    steps: ManifestStep[],
    base: number,
    media: HTMLVideoElement | null,
    skipped: ManifestSkippedStep[],
    trafficOf: (position: number) => TrafficEntry[],
  ): El {
    const sec = h("section", "phase");
    add(sec, h("h3", undefined, title));
    const { table: t, body } = table(
      ["#", "result", "action", "name", "target", "detail", "duration", "at", "view", "reason"],
      "steps",
    );
    stepRows(body, s, steps, base, media, trafficOf);
    skippedRows(body, skipped);
    add(sec, t);
    return sec;
  }

  // -- one scenario -------------------------------------------------------------------------------
  function artifactList(arts: ManifestArtifact[], empty: string): El {
    if (!arts.length) return h("p", "muted", empty);
    const ul = h("ul", "files");
    for (const a of arts) {
      const li = h("li");
      add(li, link(a.name), " ", h("span", "muted", a.kind + " · " + a.provider));
      add(ul, li);
    }
    return ul;
  }
  /** Backend-crash recoveries: each attempt that crashed and what the next one did. */
  function recoveryBox(s: ManifestScenario): El | null {
    const list = s.recoveries ?? [];
    if (s.attempts <= 1 && !list.length) return null;
    const box = h("div", "recovery");
    add(
      box,
      h(
        "strong",
        undefined,
        "Recovered from a backend crash: " + s.attempts + " attempt" +
          (s.attempts === 1 ? "" : "s") + (s.route ? " · route " + s.route : ""),
      ),
    );
    if (list.length) {
      const { table: t, body } = table(["attempt", "crash", "next attempt"], "recoveries");
      for (const r of list) {
        const rung = !r.retried
          ? "not retried (budget or count spent)"
          : r.replace_device
          ? "on a brand-new device"
          : r.forced_erase
          ? "after a forced erase"
          : "respawned in place";
        add(body, row([String(r.attempt), r.crash, rung]));
      }
      add(box, t);
    }
    return box;
  }
  function buildScenario(det: El, s: ManifestScenario, i: number): void {
    const traffic = readJson<ScenarioTraffic | null>("bj-t-" + i, null);
    const trafficOf = (phase: string) => (position: number): TrafficEntry[] =>
      traffic?.steps[phase + ":" + position] ?? [];
    const body = h("div", "scn-body");
    const all = [...s.before_outcomes, ...s.steps, ...s.after_outcomes];
    const stepArts = all.flatMap((st) => st.artifacts);
    const left = h("div", "media");
    const video = byKind(s.artifacts, "video")[0] ?? byKind(stepArts, "video")[0];
    let media: HTMLVideoElement | null = null;
    if (video && href(video.name)) {
      media = h("video") as HTMLVideoElement;
      media.controls = true;
      media.preload = "none";
      media.src = href(video.name) as string;
      add(left, media);
    } else {
      add(left, h("div", "no-rec", "no recording"));
    }
    const right = h("div", "panel");
    const tabs = h("div", "tabs");
    const panes: El[] = [];
    const tab = (name: string, pane: El) => {
      const b = h("button", "tab", name);
      b.addEventListener("click", () => {
        panes.forEach((p) => (p.hidden = p !== pane));
        tabs.querySelectorAll(".tab").forEach((t) => t.classList.toggle("on", t === b));
      });
      if (!panes.length) b.classList.add("on");
      else pane.hidden = true;
      panes.push(pane);
      add(tabs, b);
    };
    const result = h("div", "pane");
    if (s.failure) add(result, h("div", "failure", s.failure));
    const firsts = all.map((st) => st.started_at).filter((t) => t > 0);
    const base = s.video_anchor_s > 0 ? s.video_anchor_s : firsts.length ? Math.min(...firsts) : 0;
    const recovery = recoveryBox(s);
    if (recovery) add(result, recovery);
    if (s.launch) add(result, launchLine(s.launch));
    if (s.before_outcomes.length) {
      add(
        result,
        phaseTable("Before", s, s.before_outcomes, base, media, [], trafficOf("before")),
      );
    }
    add(
      result,
      phaseTable("Steps", s, s.steps, base, media, s.skipped_steps, trafficOf("steps")),
    );
    if (s.after_outcomes.length) {
      add(
        result,
        phaseTable(
          "After" + (s.after_verdict ? " (" + s.after_verdict + ")" : ""),
          s,
          s.after_outcomes,
          base,
          media,
          [],
          trafficOf("after"),
        ),
      );
    }
    const exp = h("section", "phase");
    add(exp, h("h3", undefined, "Expectations"));
    add(
      exp,
      s.expect_results.length
        ? assertionTable(s.expect_results, "expect")
        : h("p", "muted", "none"),
    );
    for (const w of s.expect_waits ?? []) add(exp, h("p", "wait", "wait " + waitText(w)));
    add(result, exp);
    tab("Result", result);
    // A tab with nothing in it is not shown.
    const listTab = (name: string, arts: ManifestArtifact[]) => {
      if (!arts.length) return;
      const pane = h("div", "pane");
      add(pane, artifactList(arts, ""));
      tab(name, pane);
    };
    const netFiles = byKind(s.artifacts, "network");
    if (netFiles.length) {
      const pane = h("div", "pane");
      add(pane, artifactList(netFiles, ""));
      if (traffic) {
        if (traffic.before_steps.length) {
          add(pane, h("h3", undefined, "Before the first step"));
          add(pane, trafficTable(traffic.before_steps, s.started_at));
        }
        add(
          pane,
          h("p", "muted", "Every other exchange is listed under the step it happened in."),
        );
      }
      tab("Network", pane);
    }
    listTab("Device Log", byKind(stepArts, "deviceLog"));
    listTab("App Trace", byKind(s.artifacts, "appTrace"));
    const env = h("div", "pane");
    const { table: et, body: eb } = table(["", ""], "env");
    const envRows: [string, string][] = [
      ["target", s.target],
      ["backend", s.backend],
      ["engine", s.engine],
      ["device", s.device],
      ["route", s.route],
      ["attempts", s.attempts > 1 ? String(s.attempts) : ""],
      ["model", s.device_name],
      ["runtime", s.device_runtime],
      ["evidence dir", s.sid],
      ["file", s.file ?? ""],
      ["duration", seconds(s.duration_s)],
    ];
    for (const [k, v] of envRows) if (v) add(eb, row([k, v]));
    for (const r of s.remote_sessions ?? []) {
      const label = r.endpoint + " · session " + r.session_id;
      add(
        eb,
        row([
          "remote session " + r.attempt,
          r.session_url ? externalLink(r.session_url, label) : label,
        ]),
      );
    }
    add(env, et, h("h3", undefined, "Skipped evidence"));
    if (s.skipped_captures.length) {
      const ul = h("ul");
      for (const c of s.skipped_captures) add(ul, h("li", undefined, c.kind + ": " + c.reason));
      add(env, ul);
    } else add(env, h("p", "muted", "none"));
    add(env, h("h3", undefined, "Scenario files"), artifactList(s.artifacts, "none"));
    tab("Environment", env);
    add(right, tabs, ...panes);
    add(body, left, right);
    add(det, body);
  }
  function summary(s: ScenarioSummary): El {
    const sum = h("summary");
    add(sum, h("span", "dot"), h("span", "name", s.name));
    if (s.description) add(sum, h("span", "desc", s.description));
    if (s.target) add(sum, h("span", "badge", s.target));
    if (s.engine) add(sum, h("span", "badge", s.engine));
    if (s.backend) add(sum, h("span", "badge", s.backend));
    if (s.repetition !== null) add(sum, h("span", "badge", "attempt " + s.repetition));
    if (s.verdict === "flaky") add(sum, h("span", "badge flaky", "flaky"));
    if (s.device) add(sum, h("span", "dev", s.device));
    add(sum, h("span", "dur", seconds(s.durationS)), pill(s.ok ? "ok" : "fail"));
    return sum;
  }

  // -- page ---------------------------------------------------------------------------------------
  const list = doc.getElementById("scenarios") as El;
  const built = new WeakSet<Node>();
  const build = (det: HTMLDetailsElement) => {
    if (built.has(det)) return;
    built.add(det);
    const i = Number(det.id.slice(1));
    whenParsed(() => buildScenario(det, scenarioData(i), i));
  };
  let opened = 0;
  const drawBlocks = (from: number, to: number) => {
    const frag = doc.createDocumentFragment();
    for (let i = from; i < to; i++) {
      const s = summaries[i];
      const det = h("details", "scn " + (s.ok ? "ok" : "fail")) as HTMLDetailsElement;
      det.id = "s" + i;
      add(det, summary(s));
      if (!s.ok && opened < autoOpen) {
        opened++;
        det.open = true;
        build(det);
      }
      add(frag, det);
    }
    add(list, frag);
  };
  // A screenful first, the rest in later tasks: the first frame does not wait for 1,000 blocks.
  const first = Math.min(summaries.length, 40);
  drawBlocks(0, first);
  const drawRest = (from: number) => {
    if (from >= summaries.length) return;
    const to = Math.min(summaries.length, from + 250);
    drawBlocks(from, to);
    setTimeout(() => drawRest(to), 0);
  };
  setTimeout(() => drawRest(first), 0);
  // `toggle` does not bubble; one capturing listener serves every block.
  list.addEventListener("toggle", (ev) => {
    const det = ev.target as HTMLDetailsElement;
    if (det.open && det.classList.contains("scn")) build(det);
  }, true);
  // A link to a block (the flakiness table's attempts, the matrix) opens it, evidence and all,
  // also when the address already ends in that block's id.
  doc.addEventListener("click", (ev) => {
    const link = (ev.target as Element | null)?.closest?.('a[href^="#s"]');
    const det = link ? doc.getElementById(link.getAttribute("href")!.slice(1)) : null;
    if (det instanceof HTMLDetailsElement && det.classList.contains("scn")) {
      det.open = true;
      build(det);
    }
  });
  const only = doc.getElementById("only-failures") as HTMLInputElement;
  only.addEventListener("change", () => list.classList.toggle("only-fail", only.checked));
  const setAll = (open: boolean) =>
    list.querySelectorAll("details.scn").forEach((d) => ((d as HTMLDetailsElement).open = open));
  (doc.getElementById("expand-all") as El).addEventListener("click", () => setAll(true));
  (doc.getElementById("collapse-all") as El).addEventListener("click", () => setAll(false));
  const yamlBox = doc.getElementById("yaml") as HTMLDetailsElement | null;
  yamlBox?.addEventListener("toggle", () => {
    const pre = yamlBox.querySelector("pre") as El;
    if (yamlBox.open && !pre.textContent) pre.textContent = readJson<string>("bj-yaml", "");
  });
}

/**
 * The script text placed in the page: the function source and its call.
 *
 * @example
 * ```ts
 * const script = `<script>${clientScript()}</script>`;
 * ```
 */
export function clientScript(): string {
  return `(${reportClient.toString()})(document, ${AUTO_OPEN_FAILED});`;
}
