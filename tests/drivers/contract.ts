/**
 * The driver contract: what every backend's `Driver` must do, checked through the interface only.
 * A backend's test file supplies a {@link ContractFactory} that shows a {@link ContractScreen}
 * (plain data: buttons that count taps, a text field, an overlay, a scrolling list) its own way,
 * and calls {@link runDriverContract}. Everything is observed through `query()`, so the same
 * cases hold for an in-process fake, a browser page or a device behind an HTTP runner.
 *
 * The screen's behaviour, which each backend must render:
 * - a `button` increments the counters it names on a tap (`onTap`), a double tap (`onDoubleTap`)
 *   or a press held at least {@link HOLD_THRESHOLD_S} (`onLongPress`); nothing else;
 * - a `counter` is a text element whose label is an integer, `0` at launch;
 * - a `textField` is empty at launch (value null, or "" where a backend reports an empty field
 *   as empty text, as the web does), takes focus on a tap and shows what is typed;
 * - an `overlay` paints over the elements before it and does nothing;
 * - a `list` is a scroll container of `rows` rows (`<id>.row<i>`, label `Row <i>`, `rowHeight`
 *   high, full width) that scrolls by exactly a drag's travel and does not fling.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  AmbiguousSelector,
  type Driver,
  DriverError,
  type Element,
  ElementNotFound,
  ElementNotTappable,
  type Frame,
  isStepLevelError,
  type Point,
} from "../../src/drivers/driver.ts";

/** A press held this long counts as a long press; a tap is far shorter. */
export const HOLD_THRESHOLD_S = 0.4;
/** How long the contract holds a long press. */
const LONG_PRESS_S = 0.5;

export interface ButtonSpec {
  kind: "button";
  /** null: an anonymous control (found by label). */
  id: string | null;
  label: string;
  frame: Frame;
  onTap?: string;
  onDoubleTap?: string;
  onLongPress?: string;
}

export interface CounterSpec {
  kind: "counter";
  id: string;
  frame: Frame;
}

export interface TextFieldSpec {
  kind: "textField";
  id: string;
  label: string;
  frame: Frame;
}

export interface OverlaySpec {
  kind: "overlay";
  id: string;
  frame: Frame;
}

export interface ListSpec {
  kind: "list";
  id: string;
  frame: Frame;
  rows: number;
  rowHeight: number;
}

export type ContractElement = ButtonSpec | CounterSpec | TextFieldSpec | OverlaySpec | ListSpec;

/** A screen in plain data; frames are in the backend's units from the top-left corner. */
export interface ContractScreen {
  size: [w: number, h: number];
  elements: ContractElement[];
}

/** A backend showing a screen: its driver, plus the environment-level operations. */
export interface ContractSubject {
  driver: Driver;
  /** Restarts the app on the same device (the `relaunch` step): the screen starts over. */
  relaunch(): Promise<void>;
  /** Makes the backend die as a crash would (its process, page or endpoint goes away). */
  kill(): Promise<void>;
  /** Releases everything the subject holds; called once per subject, also after `kill`. */
  teardown(): Promise<void>;
}

/** Shows `screen` on a fresh app and returns the subject driving it. */
export type ContractFactory = (screen: ContractScreen) => Promise<ContractSubject>;

/** The one screen the contract's cases run on. */
export const CONTRACT_SCREEN: ContractScreen = {
  size: [400, 700],
  elements: [
    { kind: "button", id: "inc", label: "Add", frame: [20, 20, 120, 44], onTap: "taps" },
    { kind: "counter", id: "taps", frame: [160, 20, 80, 44] },
    {
      kind: "button",
      id: "twice",
      label: "Twice",
      frame: [20, 80, 120, 44],
      onDoubleTap: "doubles",
    },
    { kind: "counter", id: "doubles", frame: [160, 80, 80, 44] },
    { kind: "button", id: "hold", label: "Hold", frame: [20, 140, 120, 44], onLongPress: "holds" },
    { kind: "counter", id: "holds", frame: [160, 140, 80, 44] },
    { kind: "button", id: null, label: "Buy", frame: [20, 200, 120, 44], onTap: "bought" },
    { kind: "button", id: null, label: "Buy", frame: [160, 200, 120, 44], onTap: "bought" },
    { kind: "counter", id: "bought", frame: [300, 200, 80, 44] },
    { kind: "textField", id: "name", label: "Name", frame: [20, 260, 260, 44] },
    { kind: "button", id: "under", label: "Under", frame: [20, 320, 120, 44], onTap: "unders" },
    { kind: "counter", id: "unders", frame: [160, 320, 80, 44] },
    { kind: "overlay", id: "veil", frame: [0, 310, 150, 64] },
    { kind: "list", id: "list", frame: [20, 400, 300, 200], rows: 20, rowHeight: 50 },
  ],
};

const LIST = CONTRACT_SCREEN.elements.find((e): e is ListSpec => e.kind === "list")!;
const BUY_FRAMES = CONTRACT_SCREEN.elements
  .filter((e) => e.kind === "button" && e.label === "Buy")
  .map((e) => e.frame);

function centre([x, y, w, h]: Frame): Point {
  return [x + w / 2, y + h / 2];
}

function byId(tree: readonly Element[], id: string): Element {
  const el = tree.find((e) => e.identifier === id);
  assert.ok(el, `no element ${id} in [${tree.map((e) => e.identifier).join(", ")}]`);
  return el;
}

async function counter(driver: Driver, id: string): Promise<number> {
  const label = byId(await driver.query(), id).label;
  assert.match(label ?? "", /^\d+$/, `counter ${id} reads ${JSON.stringify(label)}`);
  return Number(label);
}

/** An empty text field's value: null, or "" on a backend that reads empty text as "". */
function isEmpty(value: string | null): boolean {
  return value === null || value === "";
}

async function valueOf(driver: Driver, id: string): Promise<string | null> {
  return byId(await driver.query(), id).value;
}

/** The ids a screen description names, in its document order (list rows after their list). */
function describedIds(screen: ContractScreen): string[] {
  return screen.elements.flatMap((e) => {
    if (e.kind === "list") return [e.id];
    return e.id === null ? [] : [e.id];
  });
}

function assertElementShape(el: Element, where: string): void {
  assert.deepEqual(
    Object.keys(el).sort(),
    ["frame", "identifier", "label", "nativeZ", "traits", "value"],
    where,
  );
  for (const key of ["identifier", "label", "value"] as const) {
    assert.ok(el[key] === null || typeof el[key] === "string", `${where}.${key}`);
  }
  assert.ok(el.identifier !== "" && el.label !== "", `${where}: "" is null`);
  // Only a text field may read "" (empty text); any other element's "" is null.
  const textual = ["textField", "secureTextField", "searchField", "textView"];
  if (!el.traits.some((t) => textual.includes(t))) assert.ok(el.value !== "", `${where}: "" value`);
  assert.ok(Array.isArray(el.traits) && el.traits.every((t) => typeof t === "string"), where);
  assert.equal(el.frame.length, 4, `${where}.frame`);
  assert.ok(el.frame.every(Number.isFinite), `${where}.frame is finite`);
  assert.ok(el.frame[2] >= 0 && el.frame[3] >= 0, `${where}.frame has no negative size`);
  assert.ok(el.nativeZ === null || typeof el.nativeZ === "number", `${where}.nativeZ`);
}

/** Whether `bytes` is a PNG with a non-empty IHDR. */
function assertPng(bytes: Uint8Array, where: string): void {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert.deepEqual([...bytes.subarray(0, 8)], signature, `${where}: PNG signature`);
  assert.equal(new TextDecoder().decode(bytes.subarray(12, 16)), "IHDR", `${where}: IHDR first`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  assert.ok(view.getUint32(16) > 0 && view.getUint32(20) > 0, `${where}: a non-empty image`);
}

/** The rejection of `call`, which must reject. */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  return await call.then(
    () => assert.fail("expected the call to fail"),
    (err) => err,
  );
}

type Case = (s: ContractSubject) => Promise<void>;

const CASES: Record<string, Case> = {
  "query: every element has the Element shape; described elements in document order, at their frames":
    async ({ driver }) => {
      const tree = await driver.query();
      tree.forEach((el, i) => assertElementShape(el, `element ${i}`));
      const ids = tree.map((e) => e.identifier).filter((id) => id !== null);
      const described = describedIds(CONTRACT_SCREEN);
      assert.deepEqual(ids.filter((id) => described.includes(id!)), described);
      for (const spec of CONTRACT_SCREEN.elements) {
        if (spec.id !== null) assert.deepEqual(byId(tree, spec.id).frame, spec.frame, spec.id);
      }
      assert.deepEqual(
        tree.filter((e) => e.label === "Buy").map((e) => e.frame),
        BUY_FRAMES,
        "anonymous controls in document order",
      );
    },

  "query: labels, values and traits as described": async ({ driver }) => {
    const tree = await driver.query();
    const add = byId(tree, "inc");
    assert.equal(add.label, "Add");
    assert.equal(add.value, null);
    assert.ok(add.traits.includes("button"), `inc traits ${add.traits}`);
    assert.equal(byId(tree, "taps").label, "0");
    const name = byId(tree, "name");
    assert.equal(name.label, "Name");
    assert.ok(isEmpty(name.value), `an empty field reads null or "", got ${name.value}`);
    assert.ok(name.traits.includes("textField"), `name traits ${name.traits}`);
    const rows = tree.filter((e) => e.identifier?.startsWith(`${LIST.id}.row`));
    assert.deepEqual(
      rows.slice(0, 4).map((r) => [r.identifier, r.label, r.frame]),
      [0, 1, 2, 3].map(
        (i) => [`${LIST.id}.row${i}`, `Row ${i}`, [
          LIST.frame[0],
          LIST.frame[1] + i * LIST.rowHeight,
          LIST.frame[2],
          LIST.rowHeight,
        ]],
      ),
    );
  },

  "tap resolves host-side and reaches the button: a counter counts each tap": async (
    { driver },
  ) => {
    await driver.tap({ id: "inc" });
    assert.equal(await counter(driver, "taps"), 1);
    await driver.tap({ label: "Add", traits: ["button"] });
    assert.equal(await counter(driver, "taps"), 2);
    assert.equal(await counter(driver, "doubles"), 0, "a tap is not a double tap");
  },

  "doubleTap and longPress reach their buttons; a tap is neither": async ({ driver }) => {
    await driver.doubleTap({ id: "twice" });
    assert.equal(await counter(driver, "doubles"), 1);
    await driver.tap({ id: "hold" });
    assert.equal(await counter(driver, "holds"), 0, "a tap is not a long press");
    await driver.longPress({ id: "hold" }, LONG_PRESS_S);
    assert.equal(await counter(driver, "holds"), 1);
    assert.equal(await counter(driver, "taps"), 0);
  },

  "tapPoint taps raw coordinates": async ({ driver }) => {
    await driver.tapPoint(centre(byId(await driver.query(), "inc").frame));
    assert.equal(await counter(driver, "taps"), 1);
  },

  "not found: ElementNotFound, a step-level error naming the selector; nothing is sent": async (
    { driver },
  ) => {
    const before = await driver.query();
    for (
      const call of [
        () => driver.tap({ id: "nope" }),
        () => driver.doubleTap({ id: "nope" }),
        () => driver.longPress({ id: "nope" }, LONG_PRESS_S),
        () => driver.tap({ label: "Buy", index: 2 }),
      ]
    ) {
      const err = await rejection(call());
      assert.ok(err instanceof ElementNotFound, String(err));
      assert.ok(isStepLevelError(err));
      assert.equal(err.code, "E_NOT_FOUND");
    }
    const err = await rejection(driver.tap({ id: "nope" })) as ElementNotFound;
    assert.deepEqual(err.selector, { id: "nope" });
    assert.equal(err.message, 'no match: {"id":"nope"}');
    assert.deepEqual(await driver.query(), before);
  },

  "ambiguous: AmbiguousSelector listing both candidates; index picks one": async ({ driver }) => {
    const err = await rejection(driver.tap({ label: "Buy" }));
    assert.ok(err instanceof AmbiguousSelector, String(err));
    assert.ok(isStepLevelError(err));
    assert.equal(err.code, "E_AMBIGUOUS");
    assert.deepEqual(err.candidates.map((c) => [c.identifier, c.label, c.frame]), [
      [null, "Buy", BUY_FRAMES[0]],
      [null, "Buy", BUY_FRAMES[1]],
    ]);
    assert.equal(
      err.message,
      `ambiguous: 2 matches for {"label":"Buy"}: label="Buy"@[${BUY_FRAMES[0]}], ` +
        `label="Buy"@[${BUY_FRAMES[1]}] — add within or index`,
    );
    assert.equal(await counter(driver, "bought"), 0, "an ambiguous tap sends nothing");
    driver.drainActuations?.();
    await driver.tap({ label: "Buy", index: -1 });
    assert.equal(await counter(driver, "bought"), 1);
    const records = driver.drainActuations?.().actuations;
    if (records) assert.deepEqual(records.map((a) => a.points), [[centre(BUY_FRAMES[1])]]);
  },

  "within scopes a selector to a container's frame, host-side": async ({ driver }) => {
    assert.equal(await driver.waitFor({ label: "Row 2", within: { id: LIST.id } }), true);
    assert.equal(await driver.waitFor({ label: "Add", within: { id: LIST.id } }), false);
    await assert.rejects(driver.tap({ label: "Add", within: { id: LIST.id } }), ElementNotFound);
    await driver.tap({ label: "Buy", within: { id: "bought" } }).then(
      () => assert.fail("a Buy button is not inside the counter"),
      (e) => assert.ok(e instanceof ElementNotFound),
    );
  },

  "covered: ElementNotTappable naming the cover; nothing is tapped; isTappable is false": async (
    { driver },
  ) => {
    for (
      const call of [
        () => driver.tap({ id: "under" }),
        () => driver.doubleTap({ id: "under" }),
        () => driver.longPress({ id: "under" }, LONG_PRESS_S),
      ]
    ) {
      const err = await rejection(call());
      assert.ok(err instanceof ElementNotTappable, String(err));
      assert.ok(isStepLevelError(err));
      assert.equal(err.code, "E_NOT_TAPPABLE");
      assert.equal(err.cover?.identifier, "veil");
      assert.equal(err.message, "not tappable: covered by id=veil@[0,310,150,64]");
    }
    assert.equal(await counter(driver, "unders"), 0);
    assert.equal(await driver.isTappable({ id: "under" }), false);
  },

  "isTappable: missing false, ambiguous throws, reachable true; waitFor is one check": async (
    { driver },
  ) => {
    assert.equal(await driver.isTappable({ id: "nope" }), false);
    await assert.rejects(driver.isTappable({ label: "Buy" }), AmbiguousSelector);
    assert.equal(await driver.isTappable({ id: "inc" }), true);
    assert.equal(await driver.isTappable({ label: "Buy", index: 0 }), true);
    assert.equal(await driver.waitFor({ id: "inc" }), true);
    assert.equal(await driver.waitFor({ id: "nope" }), false);
    assert.equal(await driver.waitFor({ label: "Buy" }), true, "waitFor needs a match, not one");
    assert.equal(await counter(driver, "taps"), 0, "checks send nothing");
  },

  "typing: a tapped field takes the typed text; deleteText removes from the end": async (
    { driver },
  ) => {
    await driver.tap({ id: "name" });
    await driver.typeText("Ada");
    assert.equal(await valueOf(driver, "name"), "Ada");
    await driver.typeText(" L");
    assert.equal(await valueOf(driver, "name"), "Ada L");
    await driver.deleteText(2);
    assert.equal(await valueOf(driver, "name"), "Ada");
  },

  "scroll moves the list's content by the drag's travel and stops there": async ({ driver }) => {
    const rowY = (tree: Element[], i: number) => byId(tree, `${LIST.id}.row${i}`).frame[1];
    const x = LIST.frame[0] + LIST.frame[2] / 2;
    const top = LIST.frame[1];
    const before = await driver.query();
    assert.equal(rowY(before, 3), top + 3 * LIST.rowHeight);
    await driver.scroll([x, top + 150], [x, top + 50]);
    const after = await driver.query();
    for (const i of [2, 3, 4, 5]) assert.equal(rowY(after, i), top + i * LIST.rowHeight - 100);
    assert.deepEqual(await driver.query(), after, "no fling: the content is at rest");
    await driver.scroll([x, top + 50], [x, top + 100]);
    assert.equal(rowY(await driver.query(), 3), top + 3 * LIST.rowHeight - 50);
    assert.deepEqual(byId(await driver.query(), LIST.id).frame, LIST.frame, "the list stays");
  },

  "swipe is sent as a literal drag and taps nothing": async ({ driver }) => {
    driver.drainActuations?.();
    await driver.swipe([390, 650], [250, 650]);
    assert.equal(await counter(driver, "taps"), 0);
    const records = driver.drainActuations?.().actuations;
    if (records) {
      assert.deepEqual(records.map((a) => [a.gesture, a.via, a.points]), [
        ["swipe", "coordinate", [[390, 650], [250, 650]]],
      ]);
    }
  },

  "relaunch starts the app over: counters and fields are back at their start": async (s) => {
    const { driver } = s;
    await driver.tap({ id: "inc" });
    await driver.tap({ id: "name" });
    await driver.typeText("Ada");
    assert.equal(await counter(driver, "taps"), 1);
    await s.relaunch();
    assert.equal(await counter(driver, "taps"), 0);
    assert.ok(isEmpty(await valueOf(driver, "name")), "the field is empty again");
    await driver.tap({ id: "inc" });
    assert.equal(await counter(driver, "taps"), 1, "the same driver drives the relaunched app");
  },

  "screenshot writes a PNG file (and screenshotBytes a PNG, when offered)": async ({ driver }) => {
    const dir = await Deno.makeTempDir({ prefix: "bajutsu-contract-" });
    try {
      const path = join(dir, "shot.png");
      await driver.screenshot(path);
      assertPng(await Deno.readFile(path), "screenshot");
      if (driver.screenshotBytes) assertPng(await driver.screenshotBytes(), "screenshotBytes");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },

  "actions the backend lacks fail as step-level errors": async ({ driver }) => {
    const caps = driver.capabilities();
    assert.ok(caps instanceof Set);
    for (const cap of ["query", "elements", "screenshot"]) assert.ok(caps.has(cap), cap);
    const gated: [string, () => Promise<unknown>][] = [
      ["pickerWheel", () => driver.setPickerValue({ id: "name" }, "x")],
      ["handleSystemAlert", () => driver.handleSystemAlert({ label: "OK" }, 0)],
      ["selectOption", () => driver.selectOption({ id: "name" }, "x")],
    ];
    for (const [cap, call] of gated) {
      if (caps.has(cap)) continue;
      const err = await rejection(call());
      assert.ok(isStepLevelError(err), `${cap}: ${err}`);
    }
    assert.deepEqual(await driver.systemAlertLabels(), [], "no system alert is up");
  },

  "actuations: the resolved id only, accepted, one unit; failed actions record nothing": async (
    { driver },
  ) => {
    if (!driver.drainActuations) return;
    driver.drainActuations();
    await driver.tap({ id: "inc" });
    await driver.tap({ label: "Buy", index: 0 });
    await driver.longPress({ id: "hold" }, LONG_PRESS_S);
    await driver.doubleTap({ id: "twice" });
    await driver.tapPoint([5, 5]);
    await driver.tap({ id: "nope" }).catch(() => {});
    await driver.tap({ id: "under" }).catch(() => {});
    const { actuations, dropped } = driver.drainActuations();
    assert.equal(dropped, 0);
    assert.deepEqual(
      actuations.map((a) => [a.gesture, a.via, a.target, a.frame, a.points, a.accepted]),
      [
        ["tap", "coordinate", "inc", [20, 20, 120, 44], [[80, 42]], true],
        ["tap", "coordinate", null, BUY_FRAMES[0], [centre(BUY_FRAMES[0])], true],
        ["longPress", "coordinate", "hold", [20, 140, 120, 44], [[80, 162]], true],
        ["doubleTap", "coordinate", "twice", [20, 80, 120, 44], [[80, 102]], true],
        ["tap", "coordinate", null, null, [[5, 5]], true],
      ],
    );
    assert.equal(actuations[2].durationS, LONG_PRESS_S);
    assert.equal(new Set(actuations.map((a) => a.unit)).size, 1);
    assert.ok(["point", "pixel", "cssPixel"].includes(actuations[0].unit));
    assert.deepEqual(driver.drainActuations(), { actuations: [], dropped: 0 });
  },

  "a dead backend: the next call fails with an error that is not step-level": async (s) => {
    assert.equal(await counter(s.driver, "taps"), 0);
    await s.kill();
    for (const call of [() => s.driver.query(), () => s.driver.tap({ id: "inc" })]) {
      const err = await rejection(call());
      assert.ok(err instanceof DriverError, String(err));
      assert.equal(isStepLevelError(err), false, `${err}`);
    }
  },
};

/** The names of the contract's cases, in the order they run. */
export const CONTRACT_CASES: readonly string[] = Object.keys(CASES);

/**
 * Runs every contract case as a step of `t` (or the `cases` named: a backend that cannot render
 * a reacting screen lists the rest, with its reason, beside the call), each on a fresh subject
 * from `open` (torn down afterwards, whatever happens).
 *
 * @example
 * ```ts
 * Deno.test("fake driver contract", (t) => runDriverContract(t, openFake));
 * ```
 */
export async function runDriverContract(
  t: Deno.TestContext,
  open: ContractFactory,
  opts: { cases?: readonly string[] } = {},
): Promise<void> {
  const unknown = (opts.cases ?? []).filter((c) => !CONTRACT_CASES.includes(c));
  assert.deepEqual(unknown, [], "cases the contract does not have");
  for (const [name, run] of Object.entries(CASES)) {
    if (opts.cases && !opts.cases.includes(name)) continue;
    await t.step(name, async () => {
      const subject = await open(CONTRACT_SCREEN);
      try {
        await run(subject);
      } finally {
        await subject.teardown();
      }
    });
  }
}
