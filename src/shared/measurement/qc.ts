import { z } from 'zod';
import { measuredElements, type MeasuredElement } from './measurement.ts';
import type { ControlLimits, DuplicateFlag, WestgardRule } from './qc-westgard.ts';
import type { Notice } from '../workflow/sample-workflow.ts';

// What quality control keeps of a run and takes from a supervisor (docs/quality-control.md).

/** One check standard and element of a run, as judged. */
export type QcCheckRecord = {
  referenceMaterialId: number;
  name: string;
  element: MeasuredElement;
  /** judged: against the limits below; limitsNotEstablished: fewer than 20 results and no target. */
  status: 'judged' | 'limitsNotEstablished';
  limits: ControlLimits | null;
  /** The chart's results before this run (how many the limits and look-back had). */
  earlierResults: number;
  values: number[];
  z: number[] | null;
  rules: WestgardRule[];
};

export type QcDuplicateRecord = DuplicateFlag;

/** A rule a non-conformity names: which rule, on which check standard and element. */
export type NonconformityRule = {
  rule: WestgardRule;
  referenceMaterialId: number;
  name: string;
  element: MeasuredElement;
};

export const nonconformityStatuses = ['open', 'released'] as const;
export type NonconformityStatus = (typeof nonconformityStatuses)[number];

/** A supervisor's target mean and SD for one check standard's chart of one element. */
export const controlLimitInputSchema = z.object({
  referenceMaterialId: z.number({ error: 'Choose a reference material' }).int().positive(),
  element: z.enum(measuredElements, { error: 'Choose carbon, nitrogen, hydrogen, oxygen or sulfur' }),
  mean: z
    .number({ error: 'Enter a number' })
    .min(-1000, 'Enter a mean from -1000 to 1000 ‰')
    .max(1000, 'Enter a mean from -1000 to 1000 ‰'),
  sd: z.number({ error: 'Enter a number' }).gt(0, 'Enter an SD above 0 ‰').max(100, 'Enter an SD of at most 100 ‰'),
});
export type ControlLimitInput = z.infer<typeof controlLimitInputSchema>;

export const NONCONFORMITY_JUSTIFICATION_MIN = 10;

export const nonconformityReleaseSchema = z.object({
  justification: z
    .string({ error: 'Write why the samples may be released' })
    .trim()
    .min(NONCONFORMITY_JUSTIFICATION_MIN, `Write at least ${NONCONFORMITY_JUSTIFICATION_MIN} characters`)
    .max(2000, 'At most 2000 characters'),
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200),
});

/**
 * Who hears that a non-conformity was opened: those who may release one (the supervisors), by a run
 * rejected by quality control or by an unsatisfactory proficiency round. It is no workflow action, so
 * its notices are here.
 */
export const nonconformityOpening = {
  run: { notifies: { kind: 'runRejected', audience: 'CanReleaseNonConformity' } },
  round: { notifies: { kind: 'proficiencyUnsatisfactory', audience: 'CanReleaseNonConformity' } },
} as const satisfies Record<string, { notifies: Notice }>;
