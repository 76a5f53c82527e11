/** One day in milliseconds: date-only bounds and periods count in whole days (UTC). */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** A date without a time (`2026-03-01`): as an upper bound it covers that whole day. */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
