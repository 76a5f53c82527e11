import type { BookingFormValues } from './booking';

// The booking form's dates and blank values, without zod: the public order form shows itself with
// these and fetches the schema (and zod) only for its first check.

function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function shiftYears(today: Date, years: number): Date {
  const shifted = new Date(today.getTime());
  shifted.setUTCFullYear(shifted.getUTCFullYear() + years);
  return shifted;
}

/** Earliest accepted sample prepared date (today − 1 year), as YYYY-MM-DD; also the date picker's min. */
export function minSamplePreparedDate(today = new Date()): string {
  return toIsoDate(shiftYears(today, -1));
}

/** Latest accepted sample prepared date (today + 1 year), as YYYY-MM-DD; also the date picker's max. */
export function maxSamplePreparedDate(today = new Date()): string {
  return toIsoDate(shiftYears(today, 1));
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The user's calendar day at a moment (their time zone's, not UTC's), as YYYY-MM-DD: what "today"
 * means to whoever fills a form, and the day a time stamp is shown as.
 */
export function localCalendarDate(moment: Date): string {
  return `${String(moment.getFullYear()).padStart(4, '0')}-${twoDigits(moment.getMonth() + 1)}-${twoDigits(moment.getDate())}`;
}

/** Today in the user's calendar, as YYYY-MM-DD (the order form's first sample prepared date). */
export function todayIso(): string {
  return localCalendarDate(new Date());
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The calendar date of an ISO date or date-time string, or undefined when it names no real day. */
export function calendarDateOf(value: string): string | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  if (value.length > 10 && Number.isNaN(Date.parse(value))) return undefined;
  const [, y, m, d] = match;
  const probe = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const day = `${y}-${m}-${d}`;
  return toIsoDate(probe) === day ? day : undefined;
}

/** Blank values for a new form: one empty sample type with one empty origin, dated today. */
export function blankBookingForm(today = new Date()): BookingFormValues {
  return {
    applicantContactPerson: '',
    applicantCompany: '',
    telephone: '',
    email: '',
    address: '',
    cityStateCountry: '',
    emailReportToEmail: '',
    sampleDescription: '',
    rushService: false,
    specialInstructions: '',
    returnSample: false,
    sendReportHardcopy: false,
    sendReportEmail: true,
    sendReportFax: false,
    bookingNotes: '',
    samplePreparedDate: toIsoDate(today),
    sampleTypes: [{ type: '', composition: '', expectedOrigins: [{ origin: '' }], notes: '' }],
    payerInfo: { isTheSameClientInfo: true },
    retailerInfo: { retailerName: '', notes: '' },
    factoryInfo: { enabled: false },
    isAgreeRegistration: false,
    isConfirmAccurate: false,
    attachmentFileIds: [],
  };
}
