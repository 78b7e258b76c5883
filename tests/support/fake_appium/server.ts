/**
 * A fake Appium server with UiAutomator2 sessions, on the fake W3C server (`appium` flavour:
 * Appium's envelope and codes). Each session launches its own copy of a fake Android app (the
 * driver contract's screen, `tests/support/fake_adb/app.ts`), serves it as UiAutomator2 `/source`
 * XML and reacts to W3C pointer actions, typing into the active element, `mobile: pressKey`,
 * `mobile: terminateApp` / `activateApp` / `queryAppState` as Appium's UiAutomator2 driver does.
 * Other `mobile:` commands answer `unsupported operation`, other routes `unknown command`.
 *
 * @module
 */
import { solidPng } from "../../../src/drivers/fake/png.ts";
import {
  type FakeRequest,
  type FakeServerOptions,
  FakeW3CServer,
  type FaultSpec,
  ok,
  w3cError,
} from "../fake_w3c/mod.ts";
import type { FakeReply } from "../fake_w3c/replies.ts";
import { type PointerStep, touchGestures } from "../fake_w3c/pointer_gesture.ts";
import {
  deleteBack,
  doubleTapAt,
  dragFrom,
  type FakeApkSpec,
  HOLD_MS,
  launchApp,
  pressAt,
  renderSource,
  type RunningApp,
  tapAt,
  typeInto,
} from "../fake_adb/app.ts";

const W3C_KEY = "element-6066-11e4-a52e-4f735466cecf";

/** One session's device: the app (null after a terminate or a crash) and its screen. */
interface FakeDevice {
  app: RunningApp | null;
  launches: number;
}

export interface FakeAppiumOptions {
  apk: FakeApkSpec;
  screen?: [number, number];
  port?: number;
  faults?: FaultSpec[];
  /** Decides `POST /session` (default: accept, echoing the capabilities as Appium does). */
  createSession?: FakeServerOptions["createSession"];
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The fake server and the devices behind its sessions. */
export class FakeAppium {
  readonly server: FakeW3CServer;
  readonly devices = new Map<string, FakeDevice>();
  readonly #apk: FakeApkSpec;
  readonly #screen: [number, number];
  /** `mobile:` commands received, in order, with their arguments. */
  readonly mobileCalls: { script: string; args: unknown }[] = [];

  constructor(options: FakeAppiumOptions) {
    this.#apk = options.apk;
    this.#screen = options.screen ?? options.apk.screen?.size ?? [1080, 2400];
    const s = (fn: (req: FakeRequest, d: FakeDevice) => FakeReply) => (req: FakeRequest) => {
      const d = this.devices.get(req.params.sid);
      return d === undefined ? w3cError("invalid session id", "no such session") : fn(req, d);
    };
    this.server = new FakeW3CServer({
      flavor: "appium",
      port: options.port ?? 0,
      faults: options.faults,
      createSession: options.createSession ?? ((caps) => ({ accept: this.#accept(caps) })),
      sessionCreated: (id) => this.devices.set(id, { app: this.#launch(), launches: 1 }),
      routes: {
        "GET /session/:sid/source": s((_r, d) =>
          ok(renderSource(d.app ? this.#apk : null, d.app, this.#screen))
        ),
        "GET /session/:sid/screenshot": s(() => ok(base64(solidPng(8, 14, [30, 90, 160])))),
        "GET /session/:sid/window/rect": s(() =>
          ok({ x: 0, y: 0, width: this.#screen[0], height: this.#screen[1] })
        ),
        "POST /session/:sid/actions": s((r, d) => this.#actions(r, d)),
        "DELETE /session/:sid/actions": s(() => ok(null)),
        "GET /session/:sid/element/active": s((_r, d) =>
          d.app?.focus ? ok({ [W3C_KEY]: d.app.focus }) : noSuchElement()
        ),
        "POST /session/:sid/element": s((r, d) => {
          const id = String((r.body as { value?: unknown })?.value ?? "");
          const known = this.#apk.screen?.elements.some((e) => "id" in e && e.id === id);
          return d.app && known ? ok({ [W3C_KEY]: id }) : noSuchElement();
        }),
        "POST /session/:sid/element/:eid/value": s((r, d) => {
          if (d.app === null) return noSuchElement();
          d.app.focus = r.params.eid;
          typeInto(d.app, String((r.body as { text?: unknown })?.text ?? ""));
          return ok(null);
        }),
        "POST /session/:sid/back": s(() => ok(null)),
        "POST /session/:sid/execute/sync": s((r, d) => this.#mobile(r, d)),
      },
    });
  }

  get url(): string {
    return this.server.url;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  #launch(): RunningApp {
    return launchApp(this.#apk, 4000 + this.devices.size);
  }

  /** Appium's echo: the capabilities without the `appium:` prefix, plus the device's. */
  #accept(caps: Record<string, unknown>): Record<string, unknown> {
    const always = (caps.alwaysMatch ?? {}) as Record<string, unknown>;
    const echo: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(always)) echo[k.replace(/^appium:/, "")] = v;
    return { ...echo, deviceName: "emulator-5554", platformVersion: "14" };
  }

  #actions(r: FakeRequest, d: FakeDevice): FakeReply {
    const sources = (r.body as { actions?: { type?: string; actions?: PointerStep[] }[] })
      ?.actions ?? [];
    const app = d.app;
    if (app === null) return ok(null);
    const pointers = sources.filter((src) => src.type === "pointer");
    // Two fingers (pinch, rotate): accepted, nothing on the contract screen reacts.
    if (pointers.length !== 1) return ok(null);
    for (const g of touchGestures(pointers[0].actions ?? [], HOLD_MS)) {
      switch (g.kind) {
        case "tap":
          tapAt(this.#apk, app, g.at);
          break;
        case "doubleTap":
          doubleTapAt(this.#apk, app, g.at);
          break;
        case "press":
          pressAt(this.#apk, app, g.at, g.ms);
          break;
        case "drag":
          dragFrom(this.#apk, app, g.from, g.to);
          break;
      }
    }
    return ok(null);
  }

  #mobile(r: FakeRequest, d: FakeDevice): FakeReply {
    const body = (r.body ?? {}) as { script?: string; args?: Record<string, unknown>[] };
    const script = String(body.script ?? "");
    const args = body.args?.[0] ?? {};
    this.mobileCalls.push({ script, args });
    switch (script) {
      case "mobile: pressKey":
        if (d.app && args.keycode === 67) deleteBack(d.app);
        return ok(null);
      case "mobile: terminateApp":
        d.app = null;
        return ok(true);
      case "mobile: activateApp":
        if (d.app === null) {
          d.app = this.#launch();
          d.launches++;
        }
        return ok(null);
      case "mobile: queryAppState":
        return ok(d.app ? 4 : 1);
      default:
        return w3cError(
          "unsupported operation",
          `Unsupported execute method '${script}'. Make sure the installed UiAutomator2Driver ` +
            "is up-to-date.",
        );
    }
  }
}

function noSuchElement(): FakeReply {
  return w3cError(
    "no such element",
    "An element could not be located on the page using the given search parameters.",
  );
}
