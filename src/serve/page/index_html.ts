/**
 * The page shell: markup only; behaviour comes from /app/main.js.
 * Kept as a string module so a compiled binary carries it (docs/serve.md).
 *
 * @module
 */
import { intOption } from "../../runner/run_options.ts";

// The form takes the limits `POST /api/run` checks (src/runner/run_options.ts).
const workers = intOption("workers");

// deno-fmt-ignore
export const INDEX_HTML = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bajutsu serve</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/app/style.css">
<script type="module" src="/app/main.js"></script>
</head>
<body>
<header class="top">
  <h1>bajutsu <span>serve</span></h1>
  <span id="config-name" class="muted" data-testid="app.config"></span>
  <span class="spacer"></span>
  <button id="logout" type="button" class="link" data-testid="app.logout" hidden>Log out</button>
</header>
<main>
  <section id="login" class="card" aria-labelledby="login-title" hidden>
    <h2 id="login-title">Log in</h2>
    <p id="login-note" class="muted">This server needs its token: the value of <code>--token</code> or <code>BAJUTSU_SERVE_TOKEN</code>.</p>
    <form id="login-form" data-testid="login.form">
      <div class="row">
        <label>Token <input id="login-token" data-testid="login.token" type="password" autocomplete="current-password" required></label>
        <button type="submit" class="primary" data-testid="login.submit">Log in</button>
      </div>
      <p id="login-error" class="error" role="alert" data-testid="login.error" hidden></p>
    </form>
  </section>

  <div id="app" hidden>
    <section id="run-panel" class="card" aria-labelledby="run-title">
      <h2 id="run-title">Run</h2>
      <div class="row">
        <label>Target <select id="target" data-testid="run.target"></select></label>
        <label>Tag <select id="tag" data-testid="run.tag"><option value="">all tags</option></select></label>
        <label id="device-label" hidden>Device <select id="device" data-testid="run.device"><option value="">default</option></select></label>
      </div>
      <p id="device-note" class="muted" data-testid="run.device-note" hidden></p>
      <fieldset data-testid="run.scenarios">
        <legend><label class="inline"><input id="select-all" type="checkbox" data-testid="run.all" checked> Scenarios</label></legend>
        <ul id="scenario-list"></ul>
        <p id="scenario-empty" class="muted" data-testid="run.empty" hidden>No scenario files.</p>
      </fieldset>
      <div class="row">
        <label>Workers <input id="workers" type="number" min="${workers.min}" max="${workers.max}" value="${workers.default}" data-testid="run.workers"></label>
        <label id="headed-label"><input id="headed" type="checkbox" data-testid="run.headed"> headed</label>
        <button id="run" type="button" class="primary" data-testid="run.start">Run</button>
      </div>
      <p id="run-error" class="error" role="alert" data-testid="run.error" hidden></p>
    </section>

    <section id="live" class="card" aria-labelledby="live-title">
      <h2 id="live-title">Live</h2>
      <p id="live-idle" class="muted" data-testid="live.idle">No run yet: pick scenarios and press Run.</p>
      <div id="live-body" hidden>
        <div class="row">
          <span id="live-status" class="status" role="status" data-testid="live.status"></span>
          <progress id="live-progress" max="1" value="0" data-testid="live.progress" aria-label="scenarios finished"></progress>
          <span id="live-count" data-testid="live.count"></span>
          <button id="cancel" type="button" class="danger" data-testid="live.cancel">Cancel</button>
        </div>
        <div id="current-step" class="muted" data-testid="live.step"></div>
        <ol id="verdicts" aria-live="polite" data-testid="live.verdicts"></ol>
        <details id="log-box" open>
          <summary>Log</summary>
          <pre id="log" tabindex="0" data-testid="live.log"></pre>
        </details>
      </div>
    </section>

    <section id="report" class="card" aria-labelledby="report-title" hidden>
      <h2 id="report-title">Report</h2>
      <div class="row">
        <span id="report-caption" data-testid="report.title"></span>
        <a id="report-open" target="_blank" rel="noopener" data-testid="report.open">open in a new tab</a>
        <a id="report-zip" data-testid="report.download">download .zip</a>
        <button id="report-close" type="button" data-testid="report.close">Close</button>
      </div>
      <iframe id="report-frame" title="run report" data-testid="report.frame"></iframe>
    </section>

    <section id="readiness" class="card" aria-labelledby="readiness-title">
      <h2 id="readiness-title">Readiness</h2>
      <div class="row">
        <button id="readiness-check" type="button" data-testid="readiness.check">Check the picked target</button>
        <span id="readiness-summary" class="status" role="status" data-testid="readiness.summary" hidden></span>
      </div>
      <div id="readiness-body" data-testid="readiness.body"></div>
    </section>

    <section id="history" class="card" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <div class="row">
        <label>Scenario <select id="history-filter" data-testid="history.filter"><option value="">all scenarios</option></select></label>
        <button id="history-refresh" type="button" data-testid="history.refresh">Refresh</button>
        <button id="trash-toggle" type="button" aria-pressed="false" data-testid="history.trash">Trash</button>
      </div>
      <p id="history-error" class="error" role="alert" data-testid="history.error" hidden></p>
      <table>
        <thead><tr><th>date</th><th>verdict</th><th>duration</th><th>scenarios</th><th>run</th><th><span class="muted">actions</span></th></tr></thead>
        <tbody id="history-rows" data-testid="history.rows"></tbody>
      </table>
      <p id="history-empty" class="muted" data-testid="history.empty" hidden>No runs yet.</p>
    </section>
  </div>
</main>
</body>
</html>
`;
