import { z } from 'zod';
import { visibleText } from '../visible-text.ts';
import { recordVersion } from './version.ts';

// Dispatch batch (package) forms, with the messages the screens show.

// Database ids are 32-bit: a larger number is bad input, not a server error.
const sampleEntryIds = z.array(z.number().int().min(1).max(2_147_483_647)).max(500);

export const dispatchBatchFormSchema = z.object({
  packageName: visibleText('Package name is required').max(200),
  shippmentNumber: z
    .string({ error: 'Shipment Number is required' })
    .trim()
    .min(1, 'Shipment Number is required')
    .max(100),
  packageCode: visibleText('Package code is required').max(40).optional(),
  notes: z.string().trim().max(4000).nullish(),
});

export const createDispatchBatchSchema = dispatchBatchFormSchema.extend({
  /** TesterConfirmed samples to put in the package at once. */
  sampleEntryIds: sampleEntryIds.optional(),
});
export type CreateDispatchBatch = z.infer<typeof createDispatchBatchSchema>;

export const updateDispatchBatchSchema = dispatchBatchFormSchema.omit({ packageCode: true }).partial().extend({
  addSampleEntryIds: sampleEntryIds.optional(),
  removeSampleEntryIds: sampleEntryIds.optional(),
  version: recordVersion,
});
export type UpdateDispatchBatch = z.infer<typeof updateDispatchBatchSchema>;

/** Tester lab: put a TesterConfirmed sample into a Draft package. */
export const addToDispatchBatchSchema = z.object({
  packageCode: visibleText('Package code is required').max(40),
});

export { dispatchBatchStatuses } from '../workflow/record-workflows.ts';
