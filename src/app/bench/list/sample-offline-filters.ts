import type { OfflineFilters } from '@/app/offline/lists';
import { DATE_ONLY, DAY_MS } from '@/shared/dates';

/**
 * The sample list filters of `GET /api/{cs,tester,supervisor}-lab/get-all`, applied to the cached
 * samples when the bench is offline: the same rules as the server's `sampleListConditions`, so a
 * filter gives the same rows with or without the network.
 */

const text = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '');

const contains = (field: string) => (record: Record<string, unknown>, value: string) =>
  text(record[field]).includes(value.toLowerCase());

const timeOf = (value: unknown) =>
  typeof value === 'string' || value instanceof Date ? new Date(value).getTime() : NaN;

/** From a day or instant on (the server: `column >= value`). */
const from = (field: string) => (record: Record<string, unknown>, value: string) =>
  timeOf(record[field]) >= new Date(value).getTime();

/** Up to a date: the whole of that day when only a day is given. */
const to = (field: string) => (record: Record<string, unknown>, value: string) => {
  const limit = new Date(value).getTime();
  const at = timeOf(record[field]);
  return DATE_ONLY.test(value) ? at < limit + DAY_MS : at <= limit;
};

/** One of a comma-separated list (`status=New,CsConfirmed`). */
const oneOf = (field: string) => (record: Record<string, unknown>, value: string) => {
  const choices = value
    .split(',')
    .map((choice) => choice.trim())
    .filter(Boolean);
  return choices.length === 0 || choices.includes(String(record[field]));
};

/** The picker stores the user's id; offline only the id is known (names need the server). */
const byUser = (field: string) => (record: Record<string, unknown>, value: string) =>
  String(record[field] ?? '') === value.trim();

const SEARCHED = ['idflNumber', 'sampleCode', 'sampleType', 'source', 'localCode', 'bnCode', 'packageCode'];

export const SAMPLE_OFFLINE_FILTERS: OfflineFilters = {
  search: (record, value) => SEARCHED.some((field) => contains(field)(record, value)),
  IDFLNumber: contains('idflNumber'),
  receivedFromDate: from('receivedDate'),
  receivedToDate: to('receivedDate'),
  receivedByUser: (record, value) => text(record.receivedBy) === value.toLowerCase(),
  sources: oneOf('source'),
  status: oneOf('status'),
  sentToTesterByUser: byUser('sentToTesterBy'),
  sentToTesterFromDate: from('sentToTesterDate'),
  sentToTesterToDate: to('sentToTesterDate'),
  sentToThirdLabFromDate: from('sentDate'),
  sentToThirdLabToDate: to('sentDate'),
  packageCode: (record, value) => String(record.packageCode ?? '') === value,
};
