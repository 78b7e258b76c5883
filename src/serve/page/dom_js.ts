/**
 * Page module: DOM and formatting helpers (textContent only, never innerHTML).
 * Kept as a string module so a compiled binary carries it (docs/serve.md).
 *
 * @module
 */

// deno-fmt-ignore
export const DOM_JS = String.raw`// Tiny DOM helpers: elements are built with textContent only (never innerHTML), so names from
// scenarios and logs can never become markup.

export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error("missing element #" + id);
  return el;
}

export function el(tag, attrs, children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children || []) node.append(c);
  return node;
}

export function show(node, visible) {
  node.hidden = !visible;
}

export function formatDuration(seconds) {
  if (seconds === null || seconds === undefined || !isFinite(seconds)) return "–";
  if (seconds < 60) return seconds.toFixed(1) + " s";
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds - m * 60);
  return m + " min " + String(s).padStart(2, "0") + " s";
}

export function formatDate(iso) {
  if (!iso) return "–";
  const d = new Date(iso);
  return isNaN(d.getTime()) ? iso : d.toLocaleString();
}
`;
