import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import { api, unwrap } from '@/app/lib/api/api-client';
import { DAY_MS } from '@/shared/dates';
import { labTimeZone } from '@/app/lib/words/lab-time-zone';

/**
 * The dashboard's figures, one query key factory for its four statistics calls. The laboratory's time
 * zone names the days of the day, week and month buckets, as it does every date on the screens.
 */

export type StatisticSummary = components['schemas']['StatisticSummary'];

export type SummaryQuery = { fromDate: string; toDate: string; waitingDays: number };

export const dashboardQueries = {
  all: ['dashboard'] as const,
  summary: (query: SummaryQuery) =>
    queryOptions({
      queryKey: [...dashboardQueries.all, 'summary', query] as const,
      queryFn: async () => (await unwrap(api.GET('/api/statictis/statistic-summary', { params: { query } }))).data,
      placeholderData: keepPreviousData,
    }),
  bookingChart: (query: { year: number; month?: number }) =>
    queryOptions({
      queryKey: [...dashboardQueries.all, 'booking-chart', query] as const,
      queryFn: async () =>
        (
          await unwrap(
            api.GET('/api/statictis/booking-monthly-status-chart', {
              params: { query: { ...query, timeZone: labTimeZone() } },
            }),
          )
        ).data,
      placeholderData: keepPreviousData,
    }),
  turnaround: (days: number) =>
    queryOptions({
      queryKey: [...dashboardQueries.all, 'turnaround', days] as const,
      queryFn: async () => {
        const toDate = new Date();
        const fromDate = new Date(toDate.getTime() - days * DAY_MS);
        const query = { fromDate: fromDate.toISOString(), toDate: toDate.toISOString() };
        return (await unwrap(api.GET('/api/statictis/turnaround', { params: { query } }))).data;
      },
      placeholderData: keepPreviousData,
    }),
  analysisTrends: (weeks: number) =>
    queryOptions({
      queryKey: [...dashboardQueries.all, 'analysis-trends', weeks] as const,
      queryFn: async () => {
        const toDate = new Date();
        const fromDate = new Date(toDate.getTime() - weeks * 7 * DAY_MS);
        const query = { fromDate: fromDate.toISOString(), toDate: toDate.toISOString(), timeZone: labTimeZone() };
        return (await unwrap(api.GET('/api/statictis/analysis-trends', { params: { query } }))).data;
      },
      placeholderData: keepPreviousData,
    }),
};
