/**
 * A Python-compatible subset of `strftime` for `generate.datetime.format` (English names, as
 * Python's C locale renders them). The loader can use {@link strftimeProblem} to reject a format
 * at load time.
 *
 * @module
 */
import type { ZonedTime } from "./zoned_time.ts";

const DAYS: readonly string[] = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];
const MONTHS: readonly string[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function offset(t: ZonedTime, colon: boolean): string {
  const sign = t.offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(t.offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ":" : ""}${pad(abs % 60)}`;
}

function dayOfYear(t: ZonedTime): number {
  return Math.round((Date.UTC(t.year, t.month - 1, t.day) - Date.UTC(t.year, 0, 1)) / 86400000) + 1;
}

const DIRECTIVES: Readonly<Record<string, (t: ZonedTime) => string>> = {
  a: (t) => DAYS[t.weekday].slice(0, 3),
  A: (t) => DAYS[t.weekday],
  b: (t) => MONTHS[t.month - 1].slice(0, 3),
  B: (t) => MONTHS[t.month - 1],
  d: (t) => pad(t.day),
  f: (t) => pad(t.millisecond * 1000, 6),
  H: (t) => pad(t.hour),
  I: (t) => pad(((t.hour + 11) % 12) + 1),
  j: (t) => pad(dayOfYear(t), 3),
  m: (t) => pad(t.month),
  M: (t) => pad(t.minute),
  p: (t) => (t.hour < 12 ? "AM" : "PM"),
  S: (t) => pad(t.second),
  w: (t) => String(t.weekday),
  y: (t) => pad(t.year % 100),
  Y: (t) => String(t.year),
  z: (t) => offset(t, false),
  Z: (t) => t.zone,
  "%": () => "%",
};

/** ISO-8601 to the second with the zone offset, e.g. `2026-01-01T09:00:00+09:00`. */
export function isoSeconds(t: ZonedTime): string {
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}${
    offset(t, true)
  }`;
}

/**
 * Renders `format`. Unknown directives are kept as written (the loader rejects them first).
 *
 * @example
 * ```ts
 * strftime("%Y/%m/%d %H:%M", zonedTime(new Date(0))); // "1970/01/01 00:00"
 * ```
 */
export function strftime(format: string, t: ZonedTime): string {
  return format.replace(/%(.)/gs, (all, d: string) => DIRECTIVES[d]?.(t) ?? all);
}

/** Why `format` cannot be rendered (empty, dangling `%`, unknown directive), or null. */
export function strftimeProblem(format: string): string | null {
  if (format === "") return "format must not be empty";
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== "%") continue;
    const d = format[i + 1];
    if (d === undefined) return "format ends with a lone %";
    if (!(d in DIRECTIVES)) return `unsupported directive %${d}`;
    i++;
  }
  return null;
}
