/**
 * The report page's stylesheet, inlined into every report.html (no external fetch).
 *
 * @module
 */

/**
 * CSS for report.html and runs/index.html.
 *
 * @example
 * ```ts
 * const head = `<style>${REPORT_CSS}</style>`;
 * ```
 */
export const REPORT_CSS = `
:root{--ok:#1a7f37;--fail:#cf222e;--skip:#8c959f;--bg:#f6f8fa;--line:#d0d7de;--ink:#1f2328;--muted:#656d76}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--ink);background:#fff}
header{padding:16px 24px;border-bottom:1px solid var(--line);background:var(--bg)}
h1{margin:0;font-size:20px;display:flex;gap:10px;align-items:center}
h3{margin:14px 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.verdict{font-size:13px;padding:2px 10px;border-radius:12px;color:#fff}
.verdict.ok{background:var(--ok)}.verdict.fail{background:var(--fail)}
.sub-h{color:var(--muted);margin:4px 0}
.chips{display:flex;flex-wrap:wrap;gap:6px;margin:10px 0}
.chip{border:1px solid var(--line);background:#fff;border-radius:12px;padding:1px 10px;font-size:12px}
.chip.ok{color:var(--ok)}.chip.fail{color:var(--fail)}
.controls{display:flex;gap:12px;align-items:center;font-size:13px}
button{font:inherit;font-size:12px;border:1px solid var(--line);background:#fff;border-radius:6px;padding:2px 10px;cursor:pointer}
main{padding:12px 24px}
details.scn{border:1px solid var(--line);border-radius:8px;margin:6px 0;background:#fff}
details.scn>summary{display:flex;gap:10px;align-items:center;padding:8px 12px;cursor:pointer;list-style:none}
details.scn>summary::-webkit-details-marker{display:none}
details.scn.fail{border-color:#ffcecb}
.only-fail details.scn.ok{display:none}
.dot{width:10px;height:10px;border-radius:50%;flex:none}
.scn.ok .dot{background:var(--ok)}.scn.fail .dot{background:var(--fail)}
.name{font-weight:600}.desc,.dev,.muted{color:var(--muted)}
.dur{margin-left:auto;color:var(--muted);font-variant-numeric:tabular-nums}
.badge{font-size:11px;border:1px solid var(--line);border-radius:4px;padding:0 6px;color:var(--muted)}
.pill{font-size:11px;font-weight:700;border-radius:4px;padding:1px 6px;color:#fff}
.pill.ok{background:var(--ok)}.pill.fail{background:var(--fail)}.pill.skip{background:var(--skip)}
.scn-body{display:grid;grid-template-columns:minmax(200px,320px) 1fr;gap:16px;padding:8px 12px 14px;border-top:1px solid var(--line)}
.media video{width:100%;border-radius:6px;background:#000}
.no-rec{border:1px dashed var(--line);border-radius:6px;padding:40px 0;text-align:center;color:var(--muted)}
.tabs{display:flex;gap:4px;border-bottom:1px solid var(--line);margin-bottom:8px}
.tab{border:none;border-bottom:2px solid transparent;border-radius:0;background:none;padding:4px 10px}
.tab.on{border-bottom-color:var(--ink);font-weight:600}
.failure{background:#ffebe9;border:1px solid #ffcecb;border-radius:6px;padding:6px 10px;color:var(--fail);white-space:pre-wrap;word-break:break-word}
table{border-collapse:collapse;width:100%;font-size:13px}
th{text-align:left;font-weight:600;color:var(--muted);border-bottom:1px solid var(--line);padding:4px 6px}
td{border-bottom:1px solid #eaeef2;padding:4px 6px;vertical-align:top;word-break:break-word}
table.steps{table-layout:fixed}
table.steps>thead th:nth-child(1){width:36px}table.steps>thead th:nth-child(2){width:60px}
table.steps>thead th:nth-child(3){width:120px}table.steps>thead th:nth-child(4){width:28%}
table.steps>thead th:nth-child(5){width:64px}table.steps>thead th:nth-child(6){width:64px}
tr.step{cursor:pointer}tr.step:hover{background:var(--bg)}
tr.failing{background:#fff1f0;outline:2px solid var(--fail);outline-offset:-2px}
tr.skipped{color:var(--skip)}
tr.extra td,tr.sub td{font-size:12px;color:var(--muted);border-bottom:none}
tr.sub table{margin-left:24px;width:calc(100% - 24px)}
.act{font-family:ui-monospace,Menlo,monospace;font-size:12px;border-radius:4px;padding:0 5px;background:#ddf4ff;color:#0550ae}
.act-assert,.act-wait{background:#fff8c5;color:#7d4e00}.act-type{background:#fbefff;color:#8250df}
.thumb{height:48px;border:1px solid var(--line);border-radius:4px;cursor:zoom-in}
.step-detail{padding:8px;background:var(--bg);border-radius:6px}
.shots{display:flex;gap:12px;flex-wrap:wrap}
figure.shot{position:relative;margin:0;max-width:320px}
figure.shot img{max-width:100%;max-height:480px;border:1px solid var(--line);cursor:zoom-in;display:block}
figcaption{font-size:12px;color:var(--muted)}
.outline{position:absolute;display:none;border:2px solid #fb8500;background:rgba(251,133,0,.12);pointer-events:none}
.meta{margin:6px 0;color:var(--muted);font-size:12px}
.reason-box{white-space:pre-wrap;color:var(--fail);margin:6px 0;word-break:break-word}
.tree{margin-top:8px;max-height:360px;overflow:auto}
.tree-filter{width:100%;max-width:360px;margin-bottom:4px;font:inherit;padding:2px 6px}
table.elements td{font-family:ui-monospace,Menlo,monospace;font-size:12px}
table.elements tr:hover{background:#fff3e0}
ul.files{padding-left:18px;margin:4px 0}
.matrix{margin:12px 24px;width:auto}
.flakiness{margin:12px 24px;width:auto}.flakiness caption{text-align:left;font-weight:600}
.flakiness a.ok,.flakiness span.ok{color:var(--ok)}.flakiness a.fail,.flakiness span.fail{color:var(--fail);font-weight:600}
.badge.flaky,.chip.flaky{color:#b35c00;border-color:#fb8500;font-weight:600}
.badge.stable-fail{color:var(--fail)}.badge.stable-pass{color:var(--ok)}
.matrix td.ok{color:var(--ok);font-weight:600}.matrix td.fail{color:var(--fail);font-weight:600}
#lightbox{position:fixed;inset:0;background:rgba(0,0,0,.85);display:flex;flex-direction:column;align-items:center;justify-content:center;z-index:10}
#lightbox[hidden]{display:none}
#lightbox img{max-width:92vw;max-height:82vh;background:#fff}
#lightbox .cap{color:#fff;margin:8px;font-size:13px}
#lightbox .nav{display:flex;gap:8px}
.shot-frame{position:relative;display:inline-block;max-width:100%}
svg.overlay{position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none}
svg.overlay.off{display:none}
svg.overlay rect{fill:none;stroke-width:2;vector-effect:non-scaling-stroke}
svg.overlay .ov-target{stroke:#0969da;fill:rgba(9,105,218,.12)}
svg.overlay .ov-candidate{stroke:#8250df;stroke-dasharray:6 3}
svg.overlay .ov-cover{stroke:#cf222e;fill:rgba(207,34,46,.15)}
svg.overlay .ov-point{fill:rgba(251,133,0,.6);stroke:#fff;stroke-width:2;vector-effect:non-scaling-stroke}
.frames-toggle{font-size:11px;margin-left:6px}
.tmo{display:inline-block;margin-left:4px;font-size:10px;border-radius:4px;padding:0 4px;background:#fff8c5;color:#7d4e00;border:1px solid #d4a72c}
tr.timed-out{box-shadow:inset 3px 0 0 #d4a72c}
.lat{margin:6px 0}
.lat-bar{display:flex;height:8px;border-radius:4px;overflow:hidden;background:#eaeef2;max-width:480px}
.lat-legend{font-size:11px;color:var(--muted);margin-top:2px}
.lat-key{display:inline-block;width:8px;height:8px;border-radius:2px;margin-right:3px}
.lat-read{background:#54aeff}.lat-act{background:#1a7f37}.lat-wait{background:#d4a72c}
.lat-evidence{background:#8250df}.lat-other{background:#afb8c1}
table.traffic{margin-top:6px;font-size:12px}
table.traffic td:first-child{white-space:nowrap;color:var(--muted);width:70px}
table.traffic td:nth-child(2){width:36px}
table.traffic td:last-child{font-family:ui-monospace,Menlo,monospace;word-break:break-all}
table.traffic tr.bad td{color:var(--fail)}
.tk{font-size:10px;border-radius:3px;padding:0 4px;color:#fff}.tk-net{background:#0969da}.tk-log{background:#656d76}
.recovery{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:6px 10px;margin:6px 0}
details.latency{margin:12px 24px;border:1px solid var(--line);border-radius:8px;padding:6px 12px}
details.latency>summary{cursor:pointer;font-weight:600}
.lat-tables{display:flex;flex-wrap:wrap;gap:16px;margin-top:6px}
.lat-tables table{width:auto}
.budget{margin:6px 0;font-weight:600}.budget.ok{color:var(--ok)}.budget.fail{color:var(--fail)}
pre{white-space:pre-wrap;font-size:12px;background:var(--bg);padding:8px;border-radius:6px}
.prov{font-size:12px;color:var(--muted)}
a{color:#0969da}
`;
