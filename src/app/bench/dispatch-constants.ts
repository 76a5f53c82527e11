import type { components } from '@/shared/api-types';

export type DispatchBatch = components['schemas']['DispatchBatch'];
export type DispatchBatchListItem = components['schemas']['DispatchBatchListItem'];
export type PackingList = components['schemas']['PackingList'];

/** The offline list of packages (Shipping Management) and its endpoint. */
export const DISPATCH_BATCHES = { list: 'dispatch-batches', path: '/api/sample-dispatch-batch' } as const;
