import type { components } from '@/shared/api-types';

export type DispatchBatchListItem = components['schemas']['DispatchBatchListItem'];

/** The offline list of packages (Shipping Management) and its endpoint. */
export const DISPATCH_BATCHES = { list: 'dispatch-batches', path: '/api/sample-dispatch-batch' } as const;
