import assert from "node:assert/strict";
import { flow, report, steps, translate } from "./helper.ts";

Deno.test("back, setLocation and takeScreenshot translate; the old `action:` spelling too", () => {
  const s = translate(flow(
    "- back\n- action: back\n- setLocation:\n    latitude: 35.68\n    longitude: '139.76'\n" +
      "- takeScreenshot: shots/home\n- takeScreenshot:\n    path: cart\n",
  ));
  assert.deepEqual(steps(s), [
    { back: {} },
    { back: {} },
    { setLocation: { lat: 35.68, lon: 139.76 } },
    { name: "shots-home", wait: { until: "settled", timeout: 2 } },
    { name: "cart", wait: { until: "settled", timeout: 2 } },
  ]);
  assert.deepEqual(s.findings, []);
});

Deno.test("device commands with no bajutsu step are reported, each at its line", () => {
  const s = translate(flow(
    "- travel:\n    points: ['0,0', '1,1']\n- addMedia: [a.png]\n- startRecording: rec\n- stopRecording\n" +
      "- setAirplaneMode: enabled\n- toggleAirplaneMode\n- openBrowser: https://x\n- action: teleport\n" +
      "- setLocation:\n    latitude: ${LAT}\n    longitude: 1\n",
  ));
  assert.deepEqual(steps(s), []);
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "main.yaml:3: W_MAESTRO_NO_EQUIVALENT travel:",
    "main.yaml:5: W_MAESTRO_NO_EQUIVALENT addMedia:",
    "main.yaml:6: W_MAESTRO_NO_EQUIVALENT startRecording:",
    "main.yaml:7: W_MAESTRO_NO_EQUIVALENT stopRecording:",
    "main.yaml:8: W_MAESTRO_NO_EQUIVALENT setAirplaneMode:",
    "main.yaml:9: W_MAESTRO_NO_EQUIVALENT toggleAirplaneMode:",
    "main.yaml:10: W_MAESTRO_NO_EQUIVALENT openBrowser:",
    "main.yaml:11: W_MAESTRO_UNKNOWN action:",
    "main.yaml:12: W_MAESTRO_OPTION setLocation:",
  ]);
});
