import type { ListQuery } from '@/app/offline/lists';

// Read by the route's search check on every navigation: these few lines, not the third lab's screen.

/** The third lab's filters: IDFL number, the dates and people of each hand-over, status, BN code. */
export const emptyThirdLabFilters = {
  IDFLNumber: '',
  BNCode: '',
  sentToThirdLabBy: '',
  thirdLabReceivedBy: '',
  testTeamConfirmedBy: '',
  sentToThirdLabDate: '',
  thirdLabReceivedDate: '',
  resultReturnedDate: '',
  testTeamConfirmedDate: '',
  status: '',
};

export type ThirdLabFilterValues = typeof emptyThirdLabFilters;

export const THIRD_LAB_FILTER_NAMES = Object.keys(emptyThirdLabFilters);

/** The list call's query: blank filters left out, a status only when the third lab's list can hold it. */
export function thirdLabListQuery(filters: ThirdLabFilterValues, statuses: readonly string[]): ListQuery {
  const query: ListQuery = {};
  for (const [name, value] of Object.entries(filters)) if (value.trim()) query[name] = value.trim();
  if (!statuses.includes(filters.status)) delete query.status;
  return query;
}
