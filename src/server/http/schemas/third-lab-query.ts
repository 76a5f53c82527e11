import { z } from '@hono/zod-openapi';
import { keysetQuery, listQuery } from '../responses.ts';
import { dateParam, listParam } from '../params.ts';
import type { ThirdLabFilters } from '../../services/samples/third-lab-list.ts';

/**
 * The third lab's list query (GET /api/third-lab/get-all): the route validates with it and the
 * service's filters are its type, so the two cannot drift apart.
 */
export const thirdLabListQuery = z.object({
  ...listQuery,
  ...keysetQuery,
  IDFLNumber: z.string().trim().max(40).optional(),
  sentToThirdLabDate: dateParam(),
  sentToThirdLabBy: z.string().trim().max(200).optional(),
  thirdLabReceivedDate: dateParam(),
  thirdLabReceivedBy: z.string().trim().max(200).optional(),
  resultReturnedDate: dateParam(),
  testTeamConfirmedDate: dateParam(),
  testTeamConfirmedBy: z.string().trim().max(200).optional(),
  status: listParam(),
  BNCode: z.string().trim().max(100).optional(),
  updatedSince: dateParam(),
});

/** The filters as the service reads them: the status list already split into its values. */
type ThirdLabQuery = Omit<z.infer<typeof thirdLabListQuery>, 'status'> & {
  status?: string[];
  timeZone: string;
};

// The service declares its filters in its own layer; this keeps the query and them from drifting apart.
const _filtersMatch = (query: ThirdLabQuery): ThirdLabFilters => query;
