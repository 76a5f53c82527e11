import { statusesBetween, type SampleStatus } from './workflow/sample-workflow.ts';
import { DAY_MS } from './dates.ts';
import { dayInTimeZone } from './display-date.ts';

// What the dashboard counts, shared by the statistics API and the dashboard screen.

export { bookingStatuses } from './workflow/record-workflows.ts';

export const analysisClassifications = ['Pending', 'Unsatisfied', 'Neutral', 'Satisfied'] as const;

/** A sample is open until its final result is confirmed; open samples can wait too long or be rushed. */
export const openSampleStatuses = statusesBetween('New', 'ResultReturned');

/**
 * The stages whose duration the dashboard reports: each from entering one status to entering the
 * next, and end to end from the client-side lab's check-in (reception) to the confirmed final result.
 */
export const turnaroundStages = [
  { stage: 'csLab', from: 'CsConfirmed', to: 'SentToTester' },
  { stage: 'toTester', from: 'SentToTester', to: 'TesterConfirmed' },
  { stage: 'tester', from: 'TesterConfirmed', to: 'SentToThirdLab' },
  { stage: 'shipping', from: 'SentToThirdLab', to: 'ThirdLabConfirmed' },
  { stage: 'thirdLab', from: 'ThirdLabConfirmed', to: 'ResultReturned' },
  { stage: 'supervisor', from: 'ResultReturned', to: 'ResultConfirmed' },
  { stage: 'endToEnd', from: 'CsConfirmed', to: 'ResultConfirmed' },
] as const satisfies readonly { stage: string; from: SampleStatus; to: SampleStatus }[];

export const DEFAULT_WAITING_DAYS = 7;

/**
 * The summary's default window: from today to today plus 3 days, the laboratory's
 * days (LAB_TIME_ZONE), as date-only bounds. Today is the laboratory's: at 04:00 in Ho Chi Minh City
 * it is already the next day there, though UTC's day has not turned.
 */
export function defaultSummaryWindow(timeZone: string, now = new Date()): { fromDate: string; toDate: string } {
  const today = dayInTimeZone(now, timeZone);
  const inThreeDays = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * DAY_MS).toISOString().slice(0, 10);
  return { fromDate: today, toDate: inThreeDays };
}
