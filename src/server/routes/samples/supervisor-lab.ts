import { z } from '@hono/zod-openapi';
import { conclusionSchema, transferIdflDataSchema } from '../../../shared/schemas/supervisor.ts';
import { recordVersion } from '../../../shared/schemas/version.ts';
import type { AppRouter } from '../../http/context.ts';
import { edited, envelope, ok } from '../../http/responses.ts';
import { cleanIsotopeRecordSchema } from '../../http/schemas/clean-isotope-record.ts';
import { defineRoute } from '../../http/route.ts';
import { toCleanIsotopeRecord } from '../../services/origin/clean-isotope.ts';
import { sampleEditPermissions, workflowActions } from '../../../shared/workflow/sample-workflow.ts';
import {
  confirmFinalResult,
  transferIdflData,
  undoReturnResult,
  updateConclusion,
} from '../../services/samples/supervisor-lab.ts';
import { registerBenchReads } from '../../http/bench-reads.ts';
import { idParam, idQuery } from '../../http/params.ts';
import { findSavedOriginAnalysis } from '../../services/certificates/certificate-content.ts';
import { sampleAnswer, sampleEditAnswer } from '../../http/schemas/sample-schemas.ts';

// Supervisor lab, "Result Overview" in the menu.

const conclusionRouteDef = defineRoute({
  method: 'put',
  path: '/api/supervisor-lab/conclusion-lab/update',
  offline: true,
  tags: ['Supervisor lab'],
  summary: "Record the supervisor's conclusion of a sample; `version` required (stale write → 409)",
  access: sampleEditPermissions.supervisorConclusion,
  request: {
    query: idQuery,
    body: {
      content: { 'application/json': { schema: conclusionSchema.extend({ version: recordVersion }) } },
      required: true,
    },
  },
  responses: sampleEditAnswer('Saved, or unchanged (nothing written) when the save changed nothing'),
});

const confirmRouteDef = defineRoute({
  method: 'put',
  path: '/api/supervisor-lab/confirm-final-result',
  offline: true,
  tags: ['Supervisor lab'],
  summary:
    'Confirm the final result (ResultReturned → ResultConfirmed); needs a conclusion with visible text, a saved origin analysis (or the recorded reason to confirm without one, or to depart from it), and someone other than who entered the result',
  access: workflowActions.confirmFinalResult.permissions,
  request: { query: idQuery },
  responses: sampleAnswer('Confirmed'),
});

const undoRouteDef = defineRoute({
  method: 'put',
  path: '/api/supervisor-lab/undo-return-result',
  offline: true,
  tags: ['Supervisor lab'],
  summary: 'Send a returned result back to the third lab (ResultReturned → ThirdLabConfirmed)',
  access: workflowActions.undoReturnResult.permissions,
  request: { query: idQuery },
  responses: sampleAnswer('Undone'),
});

const transferRouteDef = defineRoute({
  method: 'post',
  path: '/api/supervisor-lab/transfer-data-of-idfl',
  offline: true,
  tags: ['Supervisor lab'],
  summary:
    "Copy a confirmed sample's C/H/O into the clean isotope data set; sameId=true replaces the record made from it before",
  access: sampleEditPermissions.transferIdflData,
  request: {
    query: z.object({
      sameId: z
        .enum(['true', 'false'])
        .optional()
        .openapi({ description: 'Replace the clean record made earlier from the same sample' }),
    }),
    body: { content: { 'application/json': { schema: transferIdflDataSchema } }, required: true },
  },
  responses: {
    200: {
      description: 'The clean isotope record',
      content: {
        'application/json': {
          schema: envelope(cleanIsotopeRecordSchema),
        },
      },
    },
  },
});

const consistencySchema = z.object({
  region: z.string(),
  verdict: z.enum(['consistent', 'inconsistent', 'inconclusive']),
  probability: z.number().nullable(),
  isKnownRegion: z.boolean(),
  claim: z.string().optional().openapi({ description: 'The claim as it was made, e.g. "Vietnam"' }),
  regions: z.array(z.string()).optional().openapi({ description: 'The regions the claim was judged on' }),
  referenceCount: z.number().int().optional(),
});

const savedOriginAnalysisSchema = z
  .object({
    id: z.number().int(),
    material: z.string().nullable(),
    referenceVersion: z.string().nullable(),
    analysisDate: z.string(),
    prediction: z.string().openapi({ description: "The predicted region, or 'Atypical' when no region fits" }),
    isAtypical: z.boolean(),
    leadingRegions: z.array(z.object({ region: z.string(), probability: z.number() })),
    claimed: consistencySchema.nullable(),
    xinjiang: consistencySchema,
  })
  .openapi('SavedOriginAnalysis');

const originAnalysisRouteDef = defineRoute({
  method: 'get',
  path: '/api/supervisor-lab/origin-analysis/{id}',
  tags: ['Supervisor lab'],
  summary:
    "The latest origin analysis saved to the sample (its verdict becomes the certificate's origin statement), or null",
  access: ['CanViewDetailSampleEntrySupervisor'],
  request: { params: idParam },
  responses: {
    200: {
      description: 'The saved analysis, or null when none was saved',
      content: { 'application/json': { schema: envelope(savedOriginAnalysisSchema.nullable()) } },
    },
    404: { description: 'No such sample entry' },
  },
});

export function registerSupervisorLabRoutes(app: AppRouter) {
  registerBenchReads(app, {
    bench: 'supervisor',
    tag: 'Supervisor lab',
    summaries: {
      list: 'Samples at the third lab or past it, with the tester filters',
      detail: 'A sample with its third-lab results, PDF report link and timeline',
    },
  });

  app.openapi(originAnalysisRouteDef, async (c) =>
    ok(c, await findSavedOriginAnalysis(c.var.db, c.req.valid('param').id)),
  );

  app.openapi(conclusionRouteDef, async (c) => {
    const { sample, unchanged } = await updateConclusion(c.var.db, {
      id: c.req.valid('query').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return edited(c, { record: sample, unchanged }, `The conclusion of sample ${sample.idflNumber} has been saved.`);
  });

  app.openapi(confirmRouteDef, async (c) => {
    const sample = await confirmFinalResult(c.var.db, { id: c.req.valid('query').id, by: c.var.auth });
    return ok(c, sample, `The final result of sample ${sample.idflNumber} has been confirmed.`);
  });

  app.openapi(undoRouteDef, async (c) => {
    const sample = await undoReturnResult(c.var.db, { id: c.req.valid('query').id, by: c.var.auth });
    return ok(c, sample, `The result of sample ${sample.idflNumber} has been sent back to the third lab.`);
  });

  app.openapi(transferRouteDef, async (c) => {
    const record = await transferIdflData(c.var.db, {
      input: c.req.valid('json'),
      sameId: c.req.valid('query').sameId === 'true',
      by: c.var.auth,
    });
    return ok(c, toCleanIsotopeRecord(record), 'The IDFL data has been transferred to the clean isotope data set.');
  });
}
