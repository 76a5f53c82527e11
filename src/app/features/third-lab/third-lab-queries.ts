import { queryOptions, useMutation } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import {
  isotopeFields,
  requiredIsotopeFields,
  uncertaintyFields,
  type IsotopeField,
  type UpdateResult,
} from '@/shared/schemas/third-lab';
import { benchStatuses } from '@/shared/workflow/benches';
import { api, unwrap } from '@/app/lib/api/api-client';
import { THIRD_LAB_LIST, THIRD_LAB_PATH } from '@/app/bench/third-lab-list';
import { i18n } from '@/app/lib/words/i18n';
import { enqueueWritten } from '@/app/offline/outbox';
import { queueSampleChange } from '@/app/bench/actions/queue-sample-change';
import { sampleChangeMutation } from '@/app/bench/actions/sample-requests';

/**
 * The third lab's data: its list (cached for offline bench use), the statistic summary, and the bench
 * actions. Check-in, result, return and undo go through the outbox so they work with
 * the network down and apply exactly once; only the PDF upload needs the network there and then.
 */

export type ThirdLabSample = components['schemas']['ThirdLabSample'];
type ThirdLabEntry = components['schemas']['ThirdLabEntry'];

export { THIRD_LAB_LIST, THIRD_LAB_PATH };

/** The states a sample passes through at the third lab, in the order it meets them. */
export const THIRD_LAB_STATUSES = benchStatuses.thirdLab;

export const thirdLabQueries = {
  all: ['third-lab'] as const,
  summary: () =>
    queryOptions({
      queryKey: [...thirdLabQueries.all, 'summary'] as const,
      queryFn: async () => (await unwrap(api.GET('/api/third-lab/statistic-summary'))).data,
    }),
};

type Isotopes = Pick<ThirdLabEntry, IsotopeField | (typeof uncertaintyFields)[IsotopeField]>;

/**
 * The δ values of a row, each with its uncertainty. A queued result update overlays its body on
 * the row's top level (the offline list merges bodies into rows), so those values win until the
 * server's answer replaces them; a queued result that left an uncertainty out has none. A queued
 * result without δ15N or δ34S (one queued before they were asked) keeps the stored ones, as the
 * server will.
 */
const isRequiredIsotope = (field: IsotopeField) => (requiredIsotopeFields as readonly string[]).includes(field);

export function isotopesOf(sample: ThirdLabSample): Isotopes {
  const queued = sample as ThirdLabSample & Partial<Isotopes>;
  const entry = sample.thirdLabEntry;
  const isQueued = queued.carbon != null;
  const values = {} as Isotopes;
  for (const field of isotopeFields) {
    const isOverlaid = isQueued && (isRequiredIsotope(field) || queued[field] !== undefined);
    const from = isOverlaid ? queued : entry;
    values[field] = from?.[field] ?? null;
    values[uncertaintyFields[field]] = from?.[uncertaintyFields[field]] ?? null;
  }
  return values;
}

/** The fields a result shows: C/H/O always, δ15N and δ34S only when measured. */
export function shownIsotopes(values: Isotopes): IsotopeField[] {
  return isotopeFields.filter((field) => isRequiredIsotope(field) || values[field] != null);
}

export function hasAllIsotopes(sample: ThirdLabSample): boolean {
  const values = isotopesOf(sample);
  return values.carbon != null && values.hydrogen != null && values.oxygen != null;
}

export function queueThirdLabCheckIn(sample: Pick<ThirdLabSample, 'id' | 'idflNumber'>) {
  return queueSampleChange(THIRD_LAB_LIST, 'thirdLabCheckIn', sample);
}

/** No version is sent: the result is the third lab's alone to write, and the trail keeps every change. */
export function queueResultUpdate(sample: Pick<ThirdLabSample, 'id' | 'idflNumber'>, input: UpdateResult) {
  return queueSampleChange(THIRD_LAB_LIST, 'thirdLabResult', sample, { body: input });
}

export function queueReturnResult(sample: Pick<ThirdLabSample, 'id' | 'idflNumber'>) {
  return queueSampleChange(THIRD_LAB_LIST, 'returnResult', sample);
}

/** Undoing a package names no one sample: the whole package goes back, and the list is refreshed. */
export function queueUndoPackage(packageCode: string) {
  return enqueueWritten({
    ...sampleChangeMutation('undoThirdLabTransaction', 0, { packageCode }),
    label: i18n.t('samples:outbox.undoThirdLabTransaction', { packageCode }),
    entity: { list: THIRD_LAB_LIST },
  });
}

export type StoredFile = components['schemas']['StoredFile'];

/** Stores the PDF result at once; update-result then references it by id. */
export function useUploadResultPdf() {
  return useMutation({
    mutationFn: async (file: File): Promise<StoredFile> =>
      (
        await unwrap(
          api.POST('/api/upload-file-pdf', {
            body: { file } as never,
            bodySerializer: () => {
              const form = new FormData();
              form.append('file', file);
              return form;
            },
          }),
        )
      ).data,
  });
}
