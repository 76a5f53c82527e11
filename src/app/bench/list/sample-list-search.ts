import type { ListQuery } from '@/app/offline/lists';

/** The client-side lab filters, and the ones the tester and supervisor lists add. */
export type SampleFilterValues = {
  search: string;
  IDFLNumber: string;
  receivedFromDate: string;
  receivedToDate: string;
  receivedByUser: string;
  sources: string;
  status: string;
  sentToTesterByUser: string;
  sentToTesterFromDate: string;
  sentToTesterToDate: string;
  sentToThirdLabFromDate: string;
  sentToThirdLabToDate: string;
  packageCode: string;
};

export const emptySampleFilters: SampleFilterValues = {
  search: '',
  IDFLNumber: '',
  receivedFromDate: '',
  receivedToDate: '',
  receivedByUser: '',
  sources: '',
  status: '',
  sentToTesterByUser: '',
  sentToTesterFromDate: '',
  sentToTesterToDate: '',
  sentToThirdLabFromDate: '',
  sentToThirdLabToDate: '',
  packageCode: '',
};

const TESTER_ONLY: (keyof SampleFilterValues)[] = [
  'sentToTesterByUser',
  'sentToTesterFromDate',
  'sentToTesterToDate',
  'sentToThirdLabFromDate',
  'sentToThirdLabToDate',
  'packageCode',
];

/** The list call's query: blank filters left out, the tester filters only where the list takes them. */
export function sampleListQuery(values: SampleFilterValues, variant: 'cs' | 'tester'): ListQuery {
  const query: ListQuery = {};
  for (const [name, value] of Object.entries(values) as [keyof SampleFilterValues, string][]) {
    if (variant === 'cs' && TESTER_ONLY.includes(name)) continue;
    const trimmed = value.trim();
    if (trimmed) query[name] = trimmed;
  }
  return query;
}

/** The names a sample list keeps in its route's search (`validateSearch: listSearchOf(SAMPLE_FILTER_NAMES)`). */
export const SAMPLE_FILTER_NAMES = Object.keys(emptySampleFilters) as (keyof SampleFilterValues)[];
