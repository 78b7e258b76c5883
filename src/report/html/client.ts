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
  function shotFigure(path: string, caption: string): El {
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
    add(fig, img, h("div", "outline"), h("figcaption", undefined, caption));
    return fig;
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
  function stepDetail(st: ManifestStep): El {
    const panel = h("div", "step-detail");
    const before = shotOf(st.artifacts, "before.png");
    const after = shotOf(st.artifacts, "after.png");
    const shotsRow = h("div", "shots");
    const beforeFig = before ? shotFigure(before.name, "before") : null;
    const afterFig = after ? shotFigure(after.name, "after") : null;
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
    if (st.reason) add(panel, h("div", "reason-box", st.reason));
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
  function stepRows(
    body: El,
    s: ManifestScenario,
    steps: ManifestStep[],
    base: number,
    media: HTMLVideoElement | null,
  ): void {
    for (const st of steps) {
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
        if (!cell.firstChild) add(cell, stepDetail(st));
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
    }
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
  ): El {
    const sec = h("section", "phase");
    add(sec, h("h3", undefined, title));
    const { table: t, body } = table(
      ["#", "result", "action", "name", "target", "detail", "duration", "at", "view", "reason"],
      "steps",
    );
    stepRows(body, s, steps, base, media);
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
  function buildScenario(det: El, s: ManifestScenario): void {
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
    if (s.before_outcomes.length) {
      add(result, phaseTable("Before", s, s.before_outcomes, base, media, []));
    }
    add(result, phaseTable("Steps", s, s.steps, base, media, s.skipped_steps));
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
    add(result, exp);
    tab("Result", result);
    // A tab with nothing in it is not shown.
    const listTab = (name: string, arts: ManifestArtifact[]) => {
      if (!arts.length) return;
      const pane = h("div", "pane");
      add(pane, artifactList(arts, ""));
      tab(name, pane);
    };
    listTab("Network", byKind(s.artifacts, "network"));
    listTab("Device Log", byKind(stepArts, "deviceLog"));
    listTab("App Trace", byKind(s.artifacts, "appTrace"));
    const env = h("div", "pane");
    const { table: et, body: eb } = table(["", ""], "env");
    const envRows: [string, string][] = [
      ["target", s.target],
      ["backend", s.backend],
      ["engine", s.engine],
      ["device", s.device],
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
    whenParsed(() => buildScenario(det, scenarioData(i)));
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
