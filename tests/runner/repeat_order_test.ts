import assert from "node:assert/strict";
import { repeatOrder } from "../../src/runner/repeat_order.ts";

Deno.test("repeatOrder: every scenario count times, the same order for the same seed", () => {
  const order = repeatOrder(3, 4, 7);
  assert.equal(order.length, 12);
  for (const i of [0, 1, 2]) assert.equal(order.filter((x) => x === i).length, 4);
  assert.deepEqual(repeatOrder(3, 4, 7), order);
});

Deno.test("repeatOrder: the seed decides the order", () => {
  const orders = new Set([1, 2, 3, 4, 5].map((seed) => repeatOrder(3, 4, seed).join(",")));
  assert.ok(orders.size > 1, "different seeds give different orders");
  // Not declaration order: the attempts are shuffled.
  assert.notDeepEqual(repeatOrder(3, 4, 7), [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
});
