/**
 * The driver contract on the fake backend: the contract screen as a fake app (reactions that
 * increment counters, a scroll region for the list), driven in virtual time.
 */
import { type ContractScreen, type ContractSubject, runDriverContract } from "../contract.ts";
import { BackendCrashError } from "../../../src/drivers/driver.ts";
import {
  CrashInjector,
  createFakeDriver,
  fakeApp,
  type FakeAppSpec,
  fakeElement,
  type FakeNodeSpec,
  type FakeReactionSpec,
  fakeScreen,
  type FakeTriggerKind,
} from "../../../src/drivers/fake/mod.ts";
import { FakeClock } from "../../../src/time/clock.ts";

/** A crash injector that can be switched to "dead": every later call crashes. */
class KillSwitch extends CrashInjector {
  dead = false;
  override onCall(method: string): void {
    if (this.dead) throw new BackendCrashError(`fake backend is dead (${method})`);
    super.onCall(method);
  }
}

/** "On `on`, add one to the counter `counter`." */
function countOn(on: FakeReactionSpec["on"], counter: string): FakeReactionSpec {
  return {
    on,
    screen: null,
    when: [],
    unless: [],
    then: [{ kind: "increment", target: { id: counter }, afterMs: 0 }],
  };
}

/** The contract screen as a one-screen fake app. */
export function contractApp(screen: ContractScreen): FakeAppSpec {
  const nodes: FakeNodeSpec[] = [];
  const reactions: FakeReactionSpec[] = [];
  for (const e of screen.elements) {
    switch (e.kind) {
      case "button": {
        nodes.push(
          fakeElement({ identifier: e.id, label: e.label, traits: ["button"], frame: e.frame }),
        );
        const target = e.id === null ? { label: e.label } : { id: e.id };
        const on: [FakeTriggerKind, string | undefined][] = [
          ["tap", e.onTap],
          ["doubleTap", e.onDoubleTap],
          ["longPress", e.onLongPress],
        ];
        for (const [kind, counter] of on) {
          if (counter) reactions.push(countOn({ kind, target }, counter));
        }
        break;
      }
      case "counter":
        nodes.push(
          fakeElement({ identifier: e.id, label: "0", traits: ["staticText"], frame: e.frame }),
        );
        break;
      case "textField":
        nodes.push(
          fakeElement({ identifier: e.id, label: e.label, traits: ["textField"], frame: e.frame }),
        );
        break;
      case "overlay":
        nodes.push(fakeElement({ identifier: e.id, frame: e.frame }));
        break;
      case "list":
        nodes.push({
          kind: "scroll",
          identifier: e.id,
          viewport: e.frame,
          content: Array.from({ length: e.rows }, (_, i) =>
            fakeElement({
              identifier: `${e.id}.row${i}`,
              label: `Row ${i}`,
              traits: ["cell"],
              frame: [0, i * e.rowHeight, e.frame[2], e.rowHeight],
            })),
        });
        break;
    }
  }
  return fakeApp({ size: screen.size, screens: [fakeScreen("main", nodes)], reactions });
}

function openFake(screen: ContractScreen): Promise<ContractSubject> {
  const crashes = new KillSwitch([]);
  const driver = createFakeDriver(contractApp(screen), { clock: new FakeClock(), crashes });
  return Promise.resolve({
    driver,
    relaunch: () => driver.relaunch(),
    kill: () => {
      crashes.dead = true;
      return Promise.resolve();
    },
    teardown: () => Promise.resolve(),
  });
}

Deno.test("the fake driver keeps the driver contract", (t) => runDriverContract(t, openFake));
