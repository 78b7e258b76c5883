/**
 * The iOS environment on the fake Mac: an iOS target, its `setUpIos` pointed at the fake tools,
 * scenarios and start requests, and the shop app every environment test installs.
 */
import type { Effective, IosSettings } from "../../../src/config/effective.ts";
import type { Environment, StartRequest } from "../../../src/drivers/environment.ts";
import { type IosDeps, setUpIos } from "../../../src/drivers/ios/backend.ts";
import type { IosRun } from "../../../src/drivers/ios/environment.ts";
import type { BackendRequest } from "../../../src/drivers/backend.ts";
import type { Preconditions, Scenario } from "../../../src/scenario/types.ts";
import { FakeIos } from "../../support/fake_ios/mod.ts";

export const SHOP = "com.example.shop";

/** A one-screen shop: a button that counts taps, a name field, a back button. */
export const SHOP_APP = `name: Shop
size: [393, 852]
initial: main
screens:
  main:
    - { id: title, label: Shop, traits: [staticText], frame: [16, 60, 361, 40] }
    - { id: add, label: Add to cart, traits: [button], frame: [16, 200, 361, 50] }
    - { id: count, label: "0", traits: [staticText], frame: [16, 260, 361, 40] }
    - { id: name, label: Name, traits: [textField], frame: [16, 320, 361, 44] }
    - { id: buy, label: Buy, traits: [button], frame: [16, 400, 170, 50] }
    - { id: buyNow, label: Buy, traits: [button], frame: [200, 400, 170, 50] }
reactions:
  - on: { tap: add }
    then:
      - increment: count
`;

export function iosEffective(
  app: Partial<IosSettings> = {},
  extra: Partial<Effective> = {},
): Effective {
  return {
    target: "shop",
    platform: "ios",
    app: { platform: "ios", bundleId: SHOP, ...app },
    backend: ["ios"],
    device: "iPhone 16",
    locale: "en_US",
    launchEnv: { API_BASE: "http://127.0.0.1:9" },
    launchArgs: ["-UITests"],
    idNamespaces: [],
    run: { erase: false, network: false, interrupts: [] },
    ...extra,
  } as Partial<Effective> as Effective;
}

export function iosScenario(
  pre: Partial<Preconditions> = {},
  extra: Partial<Scenario> = {},
): Scenario {
  return {
    name: "shop",
    tags: [],
    preconditions: { reinstall: "clean", launchArgs: [], launchEnv: {}, ...pre },
    before: [],
    after: [],
    steps: [],
    expect: [],
    capturePolicy: [],
    interrupts: [],
    mocks: [],
    permissions: {},
    ...extra,
  };
}

export function startReq(
  scenario: Scenario = iosScenario(),
  extra: Partial<StartRequest> = {},
): StartRequest {
  return {
    scenario,
    preconditions: scenario.preconditions,
    erase: scenario.preconditions.erase ?? false,
    warm: false,
    extraEnv: {},
    replaceDevice: false,
    ...extra,
  };
}

/** Environment variables the iOS backend reads, from the fake Mac plus `extra`. */
export function envOf(mac: FakeIos, extra: Record<string, string> = {}) {
  const vars: Record<string, string> = {
    ...mac.env,
    BAJUTSU_XCUITEST_STARTUP_TIMEOUT: "20",
    ...extra,
  };
  return (k: string) => vars[k] ?? (k === "HOME" ? mac.dir : undefined);
}

export interface IosLab {
  mac: FakeIos;
  run: IosRun;
  lanes: string[];
  env(device?: string): Promise<Environment>;
  logs: string[];
  dispose(): Promise<void>;
}

/** A fake Mac with the shop app built, and the iOS backend set up against it. */
export async function openIosLab(
  opts: {
    eff?: Effective;
    req?: Partial<BackendRequest>;
    env?: Record<string, string>;
    withApp?: boolean;
    mac?: FakeIos;
  } = {},
): Promise<IosLab> {
  const mac = opts.mac ?? await FakeIos.create();
  const appPath = opts.withApp === false ? undefined : await mac.app(SHOP, SHOP_APP);
  const eff = opts.eff ?? iosEffective({ appPath });
  const logs: string[] = [];
  const deps: IosDeps = {
    env: envOf(mac, opts.env),
    xcrun: mac.xcrun,
    xcodebuild: mac.xcodebuild,
    log: (line) => logs.push(line),
  };
  const { setup, run } = await setUpIos(eff, { workers: 1, ...opts.req }, deps);
  const factory = await setup.factory(null);
  const made: Environment[] = [];
  return {
    mac,
    run,
    lanes: setup.lanes,
    logs,
    env: async (device = setup.lanes[0]) => {
      const e = await factory.create(device, "xcuitest");
      made.push(e);
      return e;
    },
    dispose: async () => {
      for (const e of made) await e.teardown().catch(() => {});
      await mac.dispose();
    },
  };
}
