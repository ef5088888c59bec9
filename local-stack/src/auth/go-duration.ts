/**
 * Go's time.ParseDuration, which GoTrue applies to `ban_duration`
 * (supabase/auth internal/api/admin.go) and the CLI to `max_frequency`:
 * a signed sequence of decimal numbers, each with a unit (ns, us, µs, ms, s,
 * m, h), such as "24h" or "1h30m"; "0" alone needs none.
 */
const unitMilliseconds: Record<string, number> = { ns: 1e-6, us: 1e-3, "µs": 1e-3, "μs": 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's error, word for word, as GoTrue quotes it in its message. */
export class GoDurationError extends Error {}

/** The duration `text` names, in milliseconds; throws GoDurationError with Go's message when it is not one. */
export function parseGoDuration(text: string): number {
  const quoted = JSON.stringify(text);
  let rest = text;
  let sign = 1;
  if (rest.startsWith("-") || rest.startsWith("+")) {
    sign = rest.startsWith("-") ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === "0") return 0;
  if (rest === "") throw new GoDurationError(`time: invalid duration ${quoted}`);
  let total = 0;
  while (rest !== "") {
    const number = /^(\d*)(\.\d*)?/.exec(rest)![0];
    if (number === "" || number === ".") throw new GoDurationError(`time: invalid duration ${quoted}`);
    rest = rest.slice(number.length);
    const unit = /^[^\d.]*/.exec(rest)![0];
    if (unit === "") throw new GoDurationError(`time: missing unit in duration ${quoted}`);
    const scale = unitMilliseconds[unit];
    if (scale === undefined) throw new GoDurationError(`time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`);
    rest = rest.slice(unit.length);
    total += Number(number) * scale;
  }
  return sign * total;
}
