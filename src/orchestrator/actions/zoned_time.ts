/**
 * Calendar fields of an instant in an IANA time zone, through `Intl` (no tz database of our
 * own).
 *
 * @module
 */

/** The fields `strftime` renders, plus the zone's UTC offset at that instant. */
export interface ZonedTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 = Sunday. */
  weekday: number;
  /** Minutes east of UTC. */
  offsetMinutes: number;
  /** The zone name as given (`UTC` by default). */
  zone: string;
}

/**
 * Splits `date` into wall-clock fields in `timeZone`. Throws `RangeError` for an unknown zone.
 *
 * @example
 * ```ts
 * zonedTime(new Date(Date.UTC(2026, 0, 1, 12)), "Asia/Tokyo").hour; // 21
 * ```
 */
export function zonedTime(date: Date, timeZone = "UTC"): ZonedTime {
  const fmt = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const parts: Record<string, number> = {};
  for (const p of fmt.formatToParts(date)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const millisecond = date.getUTCMilliseconds();
  const asUtc = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
    millisecond,
  );
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
    millisecond,
    weekday: new Date(asUtc).getUTCDay(),
    offsetMinutes: Math.round((asUtc - date.getTime()) / 60000),
    zone: timeZone,
  };
}
