import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmSampleDialog } from './confirm-sample-dialog';
import { ReviewSample } from '../detail/review-sample';
import type { SampleEntry } from '../sample-queries';

/** A step dialog is open for the sample chosen, and closed when none is. */
export type SampleStepProps = { sample: SampleEntry | null; onOpenChange: (open: boolean) => void };

/**
 * A bench's step on the sample chosen from its list (check in, transfer, undo, add to a package):
 * open while a sample is chosen, and worded from one place in the bench's texts, `words`, e.g.
 * 'tester:checkIn': its `title`, the prompt naming the sample (`description` unless told) and the
 * `confirm` button. With `review`, the sample is shown in full above the confirmation.
 */
export function SampleStepDialog({
  sample,
  onOpenChange,
  words,
  prompt = 'description',
  review = false,
  onConfirm,
  children,
}: SampleStepProps & {
  words: string;
  prompt?: 'description' | 'prompt';
  review?: boolean;
  /** The step, once confirmed; it answers false to keep the dialog open (nothing was queued). */
  onConfirm: (sample: SampleEntry) => Promise<boolean> | boolean;
  /** Fields the step asks for, below the sample. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmSampleDialog
      open={sample !== null}
      onOpenChange={onOpenChange}
      title={t(`${words}.title`)}
      description={sample ? t(`${words}.${prompt}`, { idflNumber: sample.idflNumber }) : undefined}
      confirmLabel={t(`${words}.confirm`)}
      wide={review}
      onConfirm={() => (sample ? onConfirm(sample) : false)}
    >
      {review && sample && <ReviewSample sample={sample} compact />}
      {children}
    </ConfirmSampleDialog>
  );
}
