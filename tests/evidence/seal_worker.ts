/**
 * A thread that seals atomic writes, for tests/evidence/atomic_write_test.ts: on `{ fence, tmp }`
 * it calls `sealWrites` and answers whether `tmp` existed once that returned (what the signal
 * watcher's sweep would find).
 */
import { sealWrites } from "../../src/evidence/atomic_write.ts";

interface Seal {
  fence: Int32Array<SharedArrayBuffer>;
  tmp: string;
}

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<Seal>) => void) | null;
  postMessage(message: { tmpExisted: boolean }): void;
};
scope.onmessage = (e) => {
  sealWrites(e.data.fence, 20_000);
  let tmpExisted = true;
  try {
    Deno.statSync(e.data.tmp);
  } catch {
    tmpExisted = false;
  }
  scope.postMessage({ tmpExisted });
};
