import { queryOptions } from '@tanstack/react-query';
import type { CreateDispatchBatch, UpdateDispatchBatch } from '@/shared/schemas/dispatch-batch';
import { api, unwrap } from '@/app/lib/api/api-client';
import { i18n } from '@/app/lib/words/i18n';
import { enqueueMutation } from '@/app/offline/outbox';
import { DISPATCH_BATCHES, type DispatchBatchListItem } from '@/app/bench/dispatch-constants';

export const dispatchQueries = {
  all: ['dispatch-batches'] as const,
  packingList: (id: number) =>
    queryOptions({
      queryKey: [...dispatchQueries.all, 'packing-list', id] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/sample-dispatch-batch/{id}/packing-list', { params: { path: { id } } }))).data,
    }),
};

/*
 * Package changes go through the outbox like the bench actions: the shipping desk keeps working with
 * the network down, each change is applied once, and a stale one comes back as a conflict.
 */

export function queueBatchCreate(input: CreateDispatchBatch) {
  return enqueueMutation({
    method: 'POST',
    path: DISPATCH_BATCHES.path,
    body: input,
    label: i18n.t('dispatch:outbox.create', { packageName: input.packageName }),
    entity: { list: DISPATCH_BATCHES.list },
  });
}

export function queueBatchUpdate(
  batch: Pick<DispatchBatchListItem, 'id' | 'packageCode' | 'version'>,
  input: Omit<UpdateDispatchBatch, 'version'>,
) {
  return enqueueMutation({
    method: 'PUT',
    path: DISPATCH_BATCHES.path,
    query: { id: batch.id },
    body: { ...input, version: batch.version },
    label: i18n.t('dispatch:outbox.update', { packageCode: batch.packageCode }),
    entity: { list: DISPATCH_BATCHES.list, id: batch.id },
  });
}

export function queueBatchSend(batch: Pick<DispatchBatchListItem, 'id' | 'packageCode'>) {
  return enqueueMutation({
    method: 'POST',
    path: `${DISPATCH_BATCHES.path}/transfer-to-third-lab`,
    query: { id: batch.id },
    label: i18n.t('dispatch:outbox.send', { packageCode: batch.packageCode }),
    entity: { list: DISPATCH_BATCHES.list, id: batch.id },
  });
}
