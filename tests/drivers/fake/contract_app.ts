/**
 * The contract screen as a fake app (reactions that increment counters, a scroll region for the
 * list): the fake backend runs it, and the fake WebDriverAgent serves it to the iOS driver.
 */
import type { ContractScreen } from "../contract.ts";
import {
  fakeApp,
  type FakeAppSpec,
  fakeElement,
  type FakeNodeSpec,
  type FakeReactionSpec,
  fakeScreen,
  type FakeTriggerKind,
} from "../../../src/drivers/fake/mod.ts";

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
