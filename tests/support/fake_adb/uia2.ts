/**
 * The fake UiAutomator2 server: the routes the Android fast route uses, on the shared fake W3C
 * server (`uiautomator2` flavour: its envelope, status body and error codes), acting on the fake
 * device's state. It runs inside the fake `adb shell am instrument` process, as the real server
 * runs inside its instrumentation: the process's exit is the server's death.
 *
 * @module
 */
import { solidPng } from "../../../src/drivers/fake/png.ts";
import { type FakeHandler, ok, w3cError } from "../fake_w3c/mod.ts";
import { type PointerStep, touchGestures } from "../fake_w3c/pointer_gesture.ts";
import {
  deleteBack,
  doubleTapAt,
  dragFrom,
  HOLD_MS,
  pressAt,
  renderSource,
  tapAt,
  typeInto,
} from "./app.ts";
import { foreground, input } from "./shell.ts";
import { type DeviceState, withDevice } from "./state.ts";

type Point = [number, number];

function point(v: unknown): Point {
  const p = (v ?? {}) as { x?: number; y?: number };
  return [Number(p.x), Number(p.y)];
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** A W3C pointer sequence as the gestures it makes: taps, presses and drags. */
function pointerGesture(d: DeviceState, steps: PointerStep[]): void {
  for (const g of touchGestures(steps, HOLD_MS)) {
    switch (g.kind) {
      case "drag":
        input(
          d,
          `drag ${g.from.join(" ")} ${g.to.join(" ")}`,
          (f) => dragFrom(f.apk, f.app, g.from, g.to),
        );
        break;
      case "press":
        input(d, `press ${g.at.join(" ")} ${g.ms}`, (f) => pressAt(f.apk, f.app, g.at, g.ms));
        break;
      case "doubleTap":
        input(d, `doubleTap ${g.at.join(" ")}`, (f) => doubleTapAt(f.apk, f.app, g.at));
        break;
      case "tap":
        input(d, `tap ${g.at.join(" ")}`, (f) => tapAt(f.apk, f.app, g.at));
        break;
    }
  }
}

/** The server's routes for device `serial` of the farm at `home`. */
export function serverRoutes(home: string, serial: string): Record<string, FakeHandler> {
  const on = <T>(fn: (d: DeviceState) => T) => withDevice(home, serial, fn);
  const settings: Record<string, unknown> = {
    waitForIdleTimeout: 10000,
    waitForSelectorTimeout: 10000,
    actionAcknowledgmentTimeout: 3000,
    scrollAcknowledgmentTimeout: 200,
    snapshotMaxDepth: 70,
    ignoreUnimportantViews: false,
    enableMultiWindows: false,
  };
  return {
    "GET /sessions": (_r, server) => ok([...server.sessions.keys()].map((id) => ({ id }))),
    "GET /session/:sid/source": () =>
      ok(on((d) => {
        const f = foreground(d);
        return renderSource(f?.apk ?? null, f?.app ?? null, d.screen);
      })),
    "GET /session/:sid/appium/settings": () => ok(settings),
    "POST /session/:sid/appium/settings": (r) => {
      Object.assign(settings, (r.body as { settings?: object })?.settings ?? {});
      return ok(settings);
    },
    "GET /session/:sid/screenshot": () => ok(base64(solidPng(8, 14, [40, 120, 200]))),
    "GET /session/:sid/window/:handle/size": () =>
      ok(on((d) => ({ width: d.screen[0], height: d.screen[1] }))),
    "POST /session/:sid/appium/gestures/click": (r) => {
      const p = point((r.body as { offset?: unknown })?.offset);
      on((d) => input(d, `tap ${p.join(" ")}`, (f) => tapAt(f.apk, f.app, p)));
      return ok(null);
    },
    "POST /session/:sid/appium/gestures/double_click": (r) => {
      const p = point((r.body as { offset?: unknown })?.offset);
      on((d) => input(d, `doubleTap ${p.join(" ")}`, (f) => doubleTapAt(f.apk, f.app, p)));
      return ok(null);
    },
    "POST /session/:sid/appium/gestures/long_click": (r) => {
      const body = (r.body ?? {}) as { offset?: unknown; duration?: number };
      const p = point(body.offset);
      const ms = body.duration ?? 500;
      on((d) => input(d, `press ${p.join(" ")} ${ms}`, (f) => pressAt(f.apk, f.app, p, ms)));
      return ok(null);
    },
    "POST /session/:sid/appium/gestures/drag": (r) => {
      const body = (r.body ?? {}) as { start?: unknown; end?: unknown };
      const from = point(body.start);
      const to = point(body.end);
      on((d) =>
        input(d, `drag ${from.join(" ")} ${to.join(" ")}`, (f) => dragFrom(f.apk, f.app, from, to))
      );
      return ok(null);
    },
    "POST /session/:sid/actions": (r) => {
      const actions = (r.body as { actions?: { actions?: PointerStep[] }[] })?.actions ?? [];
      if (actions.length !== 1) {
        return w3cError("invalid argument", "the fake server takes one pointer at a time");
      }
      on((d) => pointerGesture(d, actions[0].actions ?? []));
      return ok(null);
    },
    "DELETE /session/:sid/actions": () => ok(null),
    "POST /session/:sid/keys": (r) => {
      const text = String((r.body as { text?: unknown })?.text ?? "");
      const typed = on((d) => {
        if (d.app?.focus == null) return false;
        input(d, `text ${text}`, (f) => {
          typeInto(f.app, text);
          return "none";
        });
        return true;
      });
      return typed ? ok(null) : w3cError(
        "no such element",
        "An element could not be located on the page using the given search parameters.",
      );
    },
    "POST /session/:sid/back": () => {
      on((d) => input(d, "keyevent 4", () => "none"));
      return ok(null);
    },
    "POST /session/:sid/appium/device/press_keycode": (r) => {
      const code = Number((r.body as { keycode?: unknown })?.keycode);
      on((d) =>
        input(d, `keyevent ${code}`, (f) => {
          if (code === 67) deleteBack(f.app);
          return "none";
        })
      );
      return ok(null);
    },
  };
}
