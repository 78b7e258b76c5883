/**
 * The fake Android app: a screen in plain data (the driver contract's `ContractScreen`) packed
 * into a fake APK (a JSON file), run on a fake device, rendered as real-shaped XML (the
 * `uiautomator dump` attribute set, or the UiAutomator2 `/source` one) and changed by input
 * events in device pixels, as the contract describes: buttons count taps, double taps and long
 * presses; a text field takes focus and typed text; an overlay does nothing; a list scrolls by a
 * drag's travel, without fling.
 *
 * @module
 */
import type { ContractElement, ContractScreen } from "../../drivers/contract.ts";

/** A fake APK's content. */
export interface FakeApkSpec {
  fakeApk: true;
  package: string;
  versionName: string;
  /** The launcher activity (`.MainActivity`); absent = the package has none. */
  activity?: string;
  /** The app's screen; absent for packages without UI (the UiAutomator2 server). */
  screen?: ContractScreen;
  /** Instrumentation this package declares (the server's test APK). */
  instrumentation?: string;
  /** A tap on the element with this id crashes the app. */
  crashOnTap?: string;
}

/** A running app's state. */
export interface RunningApp {
  package: string;
  pid: number;
  counters: Record<string, number>;
  values: Record<string, string>;
  focus: string | null;
  /** List id → scroll offset in pixels. */
  scroll: Record<string, number>;
  /** Launch extras (`--es`) and the deep link it was opened with. */
  extras: Record<string, string>;
  url: string | null;
}

/** A press held this long is a long press (as the contract says). */
export const HOLD_MS = 400;

export const LAUNCHER_PACKAGE = "com.google.android.apps.nexuslauncher";

/** A freshly launched app. */
export function launchApp(apk: FakeApkSpec, pid: number): RunningApp {
  return {
    package: apk.package,
    pid,
    counters: {},
    values: {},
    focus: null,
    scroll: {},
    extras: {},
    url: null,
  };
}

type Rect = [number, number, number, number];

/** One node to render. */
interface Node {
  cls: string;
  id: string | null;
  text: string;
  desc: string;
  clickable: boolean;
  focused: boolean;
  scrollable: boolean;
  rect: Rect;
  children: Node[];
}

/** The app's nodes in document order (rows inside their list), under a full-screen root. */
function nodesOf(apk: FakeApkSpec, app: RunningApp, screen: [number, number]): Node {
  const kids: Node[] = [];
  for (const e of apk.screen?.elements ?? []) kids.push(nodeOf(e, app));
  return node("android.widget.FrameLayout", null, [0, 0, screen[0], screen[1]], { children: kids });
}

function node(cls: string, id: string | null, rect: Rect, extra: Partial<Node> = {}): Node {
  return {
    cls,
    id,
    text: "",
    desc: "",
    clickable: false,
    focused: false,
    scrollable: false,
    rect,
    children: [],
    ...extra,
  };
}

function nodeOf(e: ContractElement, app: RunningApp): Node {
  switch (e.kind) {
    case "button":
      return node("android.widget.Button", e.id, e.frame, { text: e.label, clickable: true });
    case "counter":
      return node("android.widget.TextView", e.id, e.frame, {
        text: String(app.counters[e.id] ?? 0),
      });
    case "textField":
      return node("android.widget.EditText", e.id, e.frame, {
        text: app.values[e.id] ?? "",
        desc: e.label,
        clickable: true,
        focused: app.focus === e.id,
      });
    case "overlay":
      return node("android.view.View", e.id, e.frame);
    case "list": {
      const offset = app.scroll[e.id] ?? 0;
      const [lx, ly, lw, lh] = e.frame;
      const rows: Node[] = [];
      for (let i = 0; i < e.rows; i++) {
        const top = ly + i * e.rowHeight - offset;
        const clipTop = Math.max(top, ly);
        const clipBottom = Math.min(top + e.rowHeight, ly + lh);
        if (clipBottom <= clipTop) continue;
        rows.push(
          node("android.widget.TextView", `${e.id}.row${i}`, [
            lx,
            clipTop,
            lw,
            clipBottom - clipTop,
          ], {
            text: `Row ${i}`,
          }),
        );
      }
      return node("androidx.recyclerview.widget.RecyclerView", e.id, e.frame, {
        scrollable: true,
        children: rows,
      });
    }
  }
}

function launcher(screen: [number, number]): Node {
  return node("android.widget.FrameLayout", null, [0, 0, screen[0], screen[1]], {
    children: [node("android.widget.TextView", null, [40, 200, 200, 60], { text: "Phone" })],
  });
}

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/\n/g, "&#10;");
}

function bounds([x, y, w, h]: Rect): string {
  return `[${x},${y}][${x + w},${y + h}]`;
}

/**
 * `uiautomator dump` XML: `<node>` tags, the platform dumper's attributes in its order, one line.
 */
export function renderDump(
  apk: FakeApkSpec | null,
  app: RunningApp | null,
  screen: [number, number],
): string {
  const pkg = apk && app ? apk.package : LAUNCHER_PACKAGE;
  const root = apk && app ? nodesOf(apk, app, screen) : launcher(screen);
  const out: string[] = [];
  const walk = (n: Node, index: number) => {
    const resourceId = n.id === null ? "" : `${pkg}:id/${n.id}`;
    out.push(
      `<node index="${index}" text="${escape(n.text)}" resource-id="${escape(resourceId)}" ` +
        `class="${n.cls}" package="${pkg}" content-desc="${escape(n.desc)}" ` +
        `checkable="false" checked="false" clickable="${n.clickable}" enabled="true" ` +
        `focusable="${n.clickable}" focused="${n.focused}" scrollable="${n.scrollable}" ` +
        `long-clickable="false" password="false" selected="false" bounds="${bounds(n.rect)}"`,
    );
    if (n.children.length === 0) {
      out.push(" />");
      return;
    }
    out.push(">");
    n.children.forEach(walk);
    out.push("</node>");
  };
  walk(root, 0);
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${
    out.join("")
  }</hierarchy>`;
}

/**
 * UiAutomator2 `/source` XML: tags named by class, the server's attributes in its order, null
 * attributes left out, `displayed` and `window-id`, the root's width and height; indented.
 */
export function renderSource(
  apk: FakeApkSpec | null,
  app: RunningApp | null,
  screen: [number, number],
): string {
  const pkg = apk && app ? apk.package : LAUNCHER_PACKAGE;
  const root = apk && app ? nodesOf(apk, app, screen) : launcher(screen);
  const lines: string[] = [];
  const walk = (n: Node, index: number, depth: number) => {
    const pad = "  ".repeat(depth);
    const attrs = [
      `index="${index}"`,
      `package="${pkg}"`,
      `class="${n.cls}"`,
      n.text !== "" ? `text="${escape(n.text)}"` : "",
      n.desc !== "" ? `content-desc="${escape(n.desc)}"` : "",
      n.id !== null ? `resource-id="${escape(`${pkg}:id/${n.id}`)}"` : "",
      `checkable="false" checked="false" clickable="${n.clickable}" enabled="true"`,
      `focusable="${n.clickable}" focused="${n.focused}" long-clickable="false" password="false"`,
      `scrollable="${n.scrollable}" selected="false" bounds="${bounds(n.rect)}"`,
      `displayed="true" window-id="7"`,
    ].filter((a) => a !== "").join(" ");
    if (n.children.length === 0) {
      lines.push(`${pad}<${n.cls} ${attrs} />`);
      return;
    }
    lines.push(`${pad}<${n.cls} ${attrs}>`);
    n.children.forEach((c, i) => walk(c, i, depth + 1));
    lines.push(`${pad}</${n.cls}>`);
  };
  walk(root, 0, 1);
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n` +
    `<hierarchy index="0" class="hierarchy" rotation="0" width="${screen[0]}" height="${
      screen[1]
    }">\n${lines.join("\n")}\n</hierarchy>`;
}

/** The element under a point, topmost (last in document order) first. */
function hit(apk: FakeApkSpec, app: RunningApp, [x, y]: [number, number]): ContractElement | null {
  const elements = apk.screen?.elements ?? [];
  for (let i = elements.length - 1; i >= 0; i--) {
    const [ex, ey, ew, eh] = elements[i].frame;
    if (x >= ex && x <= ex + ew && y >= ey && y <= ey + eh) return elements[i];
  }
  void app;
  return null;
}

/** What an input event did to the app. */
export type Effect = "none" | "crash";

function bump(app: RunningApp, counter: string | undefined): void {
  if (counter) app.counters[counter] = (app.counters[counter] ?? 0) + 1;
}

/** A tap at a point. */
export function tapAt(apk: FakeApkSpec, app: RunningApp, p: [number, number]): Effect {
  const e = hit(apk, app, p);
  if (e === null) return "none";
  if (e.kind === "button") bump(app, e.onTap);
  if (e.kind === "textField") app.focus = e.id;
  return e.kind !== "list" && e.id !== null && e.id === apk.crashOnTap ? "crash" : "none";
}

/** Two taps in quick succession. */
export function doubleTapAt(apk: FakeApkSpec, app: RunningApp, p: [number, number]): Effect {
  const e = hit(apk, app, p);
  if (e?.kind === "button") {
    if (e.id !== null && e.id === apk.crashOnTap) return "crash";
    bump(app, e.onDoubleTap);
    return "none";
  }
  return tapAt(apk, app, p);
}

/** A press held `ms` milliseconds without moving. */
export function pressAt(
  apk: FakeApkSpec,
  app: RunningApp,
  p: [number, number],
  ms: number,
): Effect {
  if (ms < HOLD_MS) return tapAt(apk, app, p);
  const e = hit(apk, app, p);
  if (e?.kind === "button") bump(app, e.onLongPress);
  return "none";
}

/** A drag: a list under the start point scrolls by the travel (no fling). */
export function dragFrom(
  apk: FakeApkSpec,
  app: RunningApp,
  from: [number, number],
  to: [number, number],
): Effect {
  const e = hit(apk, app, from);
  if (e?.kind !== "list") return "none";
  const max = Math.max(0, e.rows * e.rowHeight - e.frame[3]);
  const next = (app.scroll[e.id] ?? 0) + (from[1] - to[1]);
  app.scroll[e.id] = Math.min(max, Math.max(0, next));
  return "none";
}

/** Typed text goes to the focused field. */
export function typeInto(app: RunningApp, text: string): void {
  if (app.focus !== null) app.values[app.focus] = (app.values[app.focus] ?? "") + text;
}

/** KEYCODE_DEL: the focused field loses its last character. */
export function deleteBack(app: RunningApp): void {
  if (app.focus !== null) app.values[app.focus] = (app.values[app.focus] ?? "").slice(0, -1);
}
