import { i18n } from '@/app/lib/words/i18n';
import { enqueueWritten } from '@/app/offline/outbox';
import { SAMPLE_RECORD } from '../sample-queries';
import type { SampleChangeName } from '@/shared/workflow/sample-endpoints';
import { sampleChangeMutation, type SampleChangeBody } from './sample-requests';

export type SampleRef = { id: number; idflNumber: string; version?: number };

/**
 * A change to one sample put in the outbox, the one way every bench, dialog and scan
 * queues it: shown as pending in the bench list named `list`, keyed as a sample entry (so changes to
 * one sample chain across the benches' lists, whichever screen queued them), and labelled on the
 * sync page in the words of the change (`samples:outbox.<change>`).
 */
export function queueSampleChange<C extends SampleChangeName>(
  list: string,
  change: C,
  sample: SampleRef,
  options: { body?: SampleChangeBody<C>; packageCode?: string } = {},
) {
  return enqueueWritten({
    ...sampleChangeMutation(change, sample.id, options),
    label: i18n.t(`samples:outbox.${change}`, { idflNumber: sample.idflNumber, packageCode: options.packageCode }),
    entity: { list, id: sample.id, record: SAMPLE_RECORD },
  });
}
