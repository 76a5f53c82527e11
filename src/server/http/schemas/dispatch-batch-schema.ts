import { z } from '@hono/zod-openapi';
import { dispatchBatchStatuses } from '../../../shared/workflow/record-workflows.ts';

// The dispatch batch as the dispatch and third-lab routes answer it.

const date = () => z.string().openapi({ format: 'date-time' });

export const dispatchBatchSchema = z
  .object({
    id: z.number().int(),
    packageCode: z.string(),
    packageName: z.string(),
    shippmentNumber: z.string(),
    status: z.string().openapi({ enum: [...dispatchBatchStatuses] }),
    notes: z.string().nullable(),
    sentDate: date().nullable(),
    sentBy: z.number().int().nullable(),
    createdBy: z.number().int().nullable(),
    version: z.number().int(),
    createdAt: date(),
    updatedAt: date(),
  })
  .openapi('DispatchBatch');
