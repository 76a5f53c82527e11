/** One day in milliseconds: date-only bounds and periods count in whole days (UTC). */
export const DAY_MS = 86_400_000;

/** A date without a time (`2026-03-01`): as an upper bound it covers that whole day. */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An IANA zone name both the runtime and PostgreSQL's zone database know ('Asia/Ho_Chi_Minh'):
 * a name in the Area/Location form (or UTC) the runtime accepts, so a setting or a query cannot
 * name something PostgreSQL would refuse half-way through a report.
 */
export function isTimeZone(value: string): boolean {
  if (!/^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+){1,2})$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
