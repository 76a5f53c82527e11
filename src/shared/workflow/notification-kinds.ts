/**
 * What a notification says happened. The server writes the English title and message; the app shows
 * the kind's own words in the reader's language (locales/<lang>/notifications.json, `kinds.<kind>`),
 * filled with the notification's params.
 */
export const NOTIFICATION_KINDS = [
  'bookingArrived',
  'bookingConfirmed',
  'sampleSentToTester',
  'batchSent',
  'batchUndone',
  'resultReturned',
  'finalResultConfirmed',
  'certificateIssued',
  'certificateRevoked',
  'runRejected',
  'proficiencyUnsatisfactory',
  'outboxRefused',
  'ping',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
