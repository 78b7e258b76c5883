/**
 * The page's files: every module parses and its imports resolve (loaded from a temp folder the
 * way a browser loads them from /app/), the shell references only embedded files, and the
 * progress parser understands the lines `bajutsu run` prints.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { APP_ASSETS, PAGE_SHELL } from "../../src/serve/page/assets.ts";
import { formatProgress, formatStepLine } from "../../src/runner/progress.ts";

interface ProgressModule {
  parseProgressLine(line: string): Record<string, unknown> | null;
  ProgressModel: new () => {
    apply(line: string): boolean;
    finishedCount: number;
    expected: number;
    step: string;
    scenarios: Map<
      string,
      { name: string; state: string; seconds: number | null; failure: string | null }
    >;
  };
}

async function loadModules(): Promise<{ dir: string; progress: ProgressModule }> {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-page-" });
  for (const [name, asset] of Object.entries(APP_ASSETS)) {
    await Deno.writeTextFile(join(dir, name), asset.text);
  }
  for (const name of Object.keys(APP_ASSETS).filter((n) => n.endsWith(".js"))) {
    await import(`file://${join(dir, name)}`);
  }
  return { dir, progress: await import(`file://${join(dir, "progress.js")}`) };
}

Deno.test("every page module parses and imports only embedded modules", async () => {
  const { dir } = await loadModules();
  try {
    for (const [name, asset] of Object.entries(APP_ASSETS)) {
      if (!name.endsWith(".js")) continue;
      for (const m of asset.text.matchAll(/from "\.\/([^"]+)"/g)) {
        assert.ok(Object.hasOwn(APP_ASSETS, m[1]), `${name} imports ${m[1]}`);
      }
      assert.ok(
        !/\.innerHTML|\.outerHTML|insertAdjacentHTML|eval\(|new Function/.test(asset.text),
        `${name}: no markup injection`,
      );
    }
    const refs = [...PAGE_SHELL.text.matchAll(/(?:src|href)="\/app\/([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(refs.sort(), ["main.js", "style.css"]);
    assert.ok(!/<script>|\sstyle="|\son[a-z]+="/.test(PAGE_SHELL.text), "nothing inline (CSP)");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the page reads run progress lines into scenario verdicts", async () => {
  const { dir, progress } = await loadModules();
  try {
    const rec = (name: string, ok: boolean, durationS: number, failure: string | null) => ({
      result: { scenario: name, ok, durationS, failure },
    });
    const lines = [
      formatProgress(
        { type: "scenarioStart", ordinal: 1, total: 3, name: "log in (fast)" } as never,
        { color: false },
      )!,
      formatStepLine("00-log-in", "steps", 0, "tap"),
      formatProgress(
        {
          type: "scenarioEnd",
          ordinal: 1,
          total: 3,
          record: rec("log in (fast)", true, 1.25, null),
        } as never,
        { color: false },
      )!,
      formatProgress({ type: "scenarioStart", ordinal: 2, total: 3, name: "counter" } as never, {
        color: false,
      })!,
      formatStepLine("01-counter", "after", 2, "tap"),
      formatProgress(
        {
          type: "scenarioEnd",
          ordinal: 2,
          total: 3,
          record: rec("counter", false, 3, "step 2 (tap): ambiguous (2)"),
        } as never,
        { color: false },
      )!,
      "some other output",
    ];
    const model = new progress.ProgressModel();
    assert.equal(model.apply(lines[0]), true);
    assert.equal(model.apply(lines[1]), true);
    assert.equal(model.step, "00-log-in · step 0: tap");
    for (const l of lines.slice(2)) model.apply(l);
    assert.equal(model.apply("some other output"), false);
    assert.equal(model.finishedCount, 2);
    assert.equal(model.expected, 3);
    assert.deepEqual([...model.scenarios.values()], [
      { name: "log in (fast)", state: "pass", seconds: 1.3, failure: null },
      { name: "counter", state: "fail", seconds: 3, failure: "step 2 (tap): ambiguous (2)" },
    ]);
    // A matrix run: each engine pass counts.
    const matrix = new progress.ProgressModel();
    for (const l of ["━ engine chromium", lines[0], lines[2], "━ engine firefox", lines[0]]) {
      matrix.apply(l);
    }
    assert.equal(matrix.expected, 6);
    assert.equal(matrix.finishedCount, 1);
    assert.equal(progress.parseProgressLine("PASS  runs/x/manifest.json"), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Just enough DOM for the live panel. */
class FakeElement {
  textContent = "";
  className = "";
  disabled = false;
  hidden = false;
  scrollTop = 0;
  clientHeight = 100;
  scrollHeight = 100;
  max = 1;
  value = 0;
  children: unknown[] = [];
  listeners: Record<string, () => void> = {};
  get firstChild() {
    return this.children[0] ?? null;
  }
  append(...nodes: unknown[]) {
    this.children.push(...nodes);
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners[type] = fn;
  }
  setAttribute() {}
}

class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 1;
  listeners: Record<string, (e: { data: string }) => void> = {};
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners[type] = fn;
  }
  close() {
    this.readyState = 2;
  }
}

Deno.test("live panel: a done event that beats the cancel reply leaves the final status", async () => {
  const { dir } = await loadModules();
  const g = globalThis as Record<string, unknown>;
  const saved = { document: g.document, EventSource: g.EventSource, fetch: g.fetch };
  try {
    const elements = new Map<string, FakeElement>();
    g.document = {
      getElementById: (id: string) => {
        if (!elements.has(id)) elements.set(id, new FakeElement());
        return elements.get(id);
      },
      createElement: () => new FakeElement(),
    };
    g.EventSource = FakeEventSource;
    const reply = Promise.withResolvers<Response>();
    g.fetch = () => reply.promise;
    const { LiveView } = await import(`file://${join(dir, "live.js")}`);
    const done: unknown[] = [];
    const live = new LiveView({ onDone: (v: unknown) => done.push(v), onError: () => {} });
    live.follow("job1");
    const source = FakeEventSource.last!;
    source.listeners.log({ data: "▶ scenario 1/1: waits" });
    assert.equal(elements.get("live-status")!.textContent, "running");
    const cancelling = live.cancel();
    // The run ends and its done event arrives before the reply to the cancel request.
    source.listeners.done({
      data: JSON.stringify({ id: "job1", status: "done", cancelled: true, ok: false, exitCode: 1 }),
    });
    reply.resolve(new Response(JSON.stringify({ cancelled: true })));
    await cancelling;
    assert.equal(elements.get("live-status")!.textContent, "cancelled");
    assert.equal(done.length, 1);
  } finally {
    Object.assign(g, saved);
    await Deno.remove(dir, { recursive: true });
  }
});
