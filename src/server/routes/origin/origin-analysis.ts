import { z } from '@hono/zod-openapi';
import { visibleText } from '../../../shared/visible-text.ts';
import { sampleEditPermissions } from '../../../shared/workflow/sample-workflow.ts';
import {
  analysisStatuses,
  classifyActions,
  classifyValues,
  runAnalysisSchema,
  saveAnalysesSchema,
  saveToSampleEntrySchema,
  transferAnalysisSchema,
  type ClassifyAction,
} from '../../../shared/schemas/analysis.ts';
import type { AppRouter } from '../../http/context.ts';
import {
  analysisDetailSchema,
  analysisRecordSchema,
  lotAnalysisSchema,
  modelReportSchema,
  sampleAnalysisSchema,
} from '../../http/schemas/analysis-schemas.ts';
import { cleanIsotopeRecordSchema } from '../../http/schemas/clean-isotope-record.ts';
import { envelope, listQuery, ok, pageOf, recordId } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { listMaterials, toCleanIsotopeRecord } from '../../services/origin/clean-isotope.ts';
import {
  classifyAnalysis,
  saveAnalysisToSampleEntry,
  transferAnalysis,
} from '../../services/origin/analysis-review.ts';
import { findAnalysis, listAnalyses, runAnalyses, saveAnalyses } from '../../services/origin/origin-analysis.ts';
import { modelFor, modelReportFor } from '../../services/origin/origin-models.ts';
import { idParam } from '../../http/params.ts';

// Origin analysis ("Analysis" in the menu), plus the model's report and parameters.

const materialQuery = z.object({
  material: visibleText('Material is required').max(100),
});

const analysisViewers = ['CanViewAllAnalysis', 'CanTakeATest', 'CanViewAllCleanSample'] as const;

const materialsRoute = defineRoute({
  method: 'get',
  path: '/api/analysis/materials',
  tags: ['Analysis'],
  summary: 'Materials with reference data: record and region counts',
  access: [...analysisViewers],
  responses: {
    200: {
      description: 'The materials',
      content: {
        'application/json': {
          schema: envelope(
            z.array(
              z.object({
                material: z.string(),
                recordCount: z.number().int(),
                regionCount: z.number().int(),
                lastUpdated: z.string(),
              }),
            ),
          ),
        },
      },
    },
  },
});

const modelRoute = defineRoute({
  method: 'get',
  path: '/api/analysis/model',
  tags: ['Analysis'],
  summary: "A material's fitted model (for the real-time analysis in the browser, offline too)",
  access: ['CanTakeATest'],
  request: { query: materialQuery },
  responses: {
    200: {
      description: 'The fitted model and the reference version it was fitted on',
      content: {
        'application/json': {
          schema: envelope(
            z.object({
              material: z.string(),
              referenceVersion: z.string(),
              fittedAt: z.string(),
              model: z
                .record(z.string(), z.unknown())
                .openapi({ description: 'OriginModel (src/shared/origin-model)' }),
            }),
          ),
        },
      },
    },
  },
});

const modelReportRoute = defineRoute({
  method: 'get',
  path: '/api/analysis/model-report',
  tags: ['Analysis'],
  summary: "How far to trust a material's model: held-out accuracy, log loss, calibration, confusion, baselines",
  access: [...analysisViewers],
  request: { query: materialQuery },
  responses: {
    200: { description: 'The report', content: { 'application/json': { schema: envelope(modelReportSchema) } } },
  },
});

const runRoute = defineRoute({
  method: 'post',
  path: '/api/analysis/create',
  tags: ['Analysis'],
  summary: 'Analyse one sample or several at once (nothing is saved)',
  access: ['CanTakeATest'],
  request: { body: { content: { 'application/json': { schema: runAnalysisSchema } }, required: true } },
  responses: {
    200: {
      description: 'Every figure of every sample',
      content: {
        'application/json': {
          schema: envelope(
            z.object({
              material: z.string(),
              referenceVersion: z.string(),
              results: z.array(sampleAnalysisSchema),
              lots: z.array(lotAnalysisSchema),
            }),
          ),
        },
      },
    },
  },
});

const saveRoute = defineRoute({
  method: 'post',
  path: '/api/analysis',
  tags: ['Analysis'],
  summary: 'Save analyses (recomputed by the server) in one step',
  access: ['CanSaveATest'],
  request: { body: { content: { 'application/json': { schema: saveAnalysesSchema } }, required: true } },
  responses: {
    201: { description: 'Saved', content: { 'application/json': { schema: envelope(z.array(analysisRecordSchema)) } } },
  },
});

const dateFilter = (name: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: `${name} must be a date (YYYY-MM-DD)` })
    .optional();

const listRoute = defineRoute({
  method: 'get',
  path: '/api/analysis',
  tags: ['Analysis'],
  summary: 'The analysis history, filtered and paged',
  access: ['CanViewAllAnalysis'],
  request: {
    query: z.object({
      ...listQuery,
      analysisFromDate: dateFilter('analysisFromDate'),
      analysisToDate: dateFilter('analysisToDate'),
      countryCode: z.string().trim().max(100).optional(),
      sources: z.string().trim().max(200).optional(),
      classify: z.enum(classifyValues).optional(),
      status: z.enum(analysisStatuses).optional(),
      prediction: z.string().trim().max(200).optional(),
      material: z.string().trim().max(100).optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of analyses',
      content: { 'application/json': { schema: envelope(pageOf(analysisRecordSchema)) } },
    },
  },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/api/analysis/{id}',
  tags: ['Analysis'],
  summary: 'One saved analysis with its values and every figure',
  access: ['CanViewAllAnalysis'],
  request: { params: idParam },
  responses: {
    200: { description: 'The analysis', content: { 'application/json': { schema: envelope(analysisDetailSchema) } } },
    404: { description: 'No such analysis' },
  },
});

const classifyRoute = defineRoute({
  method: 'put',
  path: '/api/analysis',
  tags: ['Analysis'],
  summary: 'Classify an analysis: MarkPending, MarkUnsatisfied, MarkNeutral or MarkSatisfied',
  access: ['CanUpdateClassify'],
  request: {
    query: z.object({
      id: recordId,
      action: z.enum(Object.keys(classifyActions) as [ClassifyAction, ...ClassifyAction[]], {
        error: 'action must be MarkPending, MarkUnsatisfied, MarkNeutral or MarkSatisfied',
      }),
    }),
  },
  responses: {
    200: { description: 'Classified', content: { 'application/json': { schema: envelope(analysisDetailSchema) } } },
    404: { description: 'No such analysis' },
  },
});

const saveToSampleRoute = defineRoute({
  method: 'post',
  path: '/api/analysis/save-to-sample-entry',
  tags: ['Analysis'],
  summary:
    "Write an analysis's predicted origin and consistency to a sample entry (version-checked, in its chain of custody)",
  access: sampleEditPermissions.saveOriginAnalysis,
  request: {
    query: z.object({
      idflNumber: visibleText('IDFL number is required').max(50),
    }),
    body: { content: { 'application/json': { schema: saveToSampleEntrySchema } }, required: true },
  },
  responses: {
    200: {
      description: 'Saved to the sample entry',
      content: {
        'application/json': {
          schema: envelope(
            z.object({
              analysis: analysisDetailSchema,
              sampleEntry: z.object({ id: z.number().int(), idflNumber: z.string(), version: z.number().int() }),
            }),
          ),
        },
      },
    },
    404: { description: 'No such analysis or sample entry' },
  },
});

const transferRoute = defineRoute({
  method: 'post',
  path: '/api/analysis/transfer-data/{id}',
  tags: ['Analysis'],
  summary: 'Make a satisfied analysis a clean isotope reference record',
  access: ['CanTransferSample'],
  request: {
    params: idParam,
    body: { content: { 'application/json': { schema: transferAnalysisSchema } }, required: true },
  },
  responses: {
    200: {
      description: 'Transferred',
      content: {
        'application/json': {
          schema: envelope(z.object({ analysis: analysisDetailSchema, record: cleanIsotopeRecordSchema })),
        },
      },
    },
    404: { description: 'No such analysis' },
  },
});

export function registerAnalysisRoutes(app: AppRouter) {
  // Fixed paths first: /api/analysis/{id} would otherwise take them.
  app.openapi(materialsRoute, async (c) => ok(c, await listMaterials(c.var.db)));

  app.openapi(modelRoute, async (c) => {
    const fitted = await modelFor(c.var.db, c.req.valid('query').material);
    return ok(c, {
      material: fitted.material,
      referenceVersion: fitted.version,
      fittedAt: fitted.fittedAt,
      model: fitted.model as unknown as Record<string, unknown>,
    });
  });

  app.openapi(modelReportRoute, async (c) => ok(c, await modelReportFor(c.var.db, c.req.valid('query').material)));

  app.openapi(runRoute, async (c) => {
    const body = c.req.valid('json');
    return ok(c, await runAnalyses(c.var.db, body.material, body.samples));
  });

  app.openapi(saveRoute, async (c) => {
    const saved = await saveAnalyses(c.var.db, { input: c.req.valid('json'), by: c.var.auth });
    return ok(c, saved, `${saved.length} analysis result(s) saved`, 201);
  });

  app.openapi(listRoute, async (c) =>
    ok(c, await listAnalyses(c.var.db, { ...c.req.valid('query'), timeZone: c.var.deps.env.LAB_TIME_ZONE })),
  );

  app.openapi(saveToSampleRoute, async (c) => {
    const { idflNumber } = c.req.valid('query');
    const saved = await saveAnalysisToSampleEntry(c.var.db, {
      idflNumber,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return ok(c, saved, `The analysis has been saved to sample ${saved.sampleEntry.idflNumber}.`);
  });

  app.openapi(transferRoute, async (c) => {
    const { analysis, record } = await transferAnalysis(c.var.db, {
      id: c.req.valid('param').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return ok(
      c,
      { analysis, record: toCleanIsotopeRecord(record) },
      'The analysis has been transferred to the clean isotope data set.',
    );
  });

  app.openapi(classifyRoute, async (c) => {
    const { id, action } = c.req.valid('query');
    return ok(c, await classifyAnalysis(c.var.db, { id, action, by: c.var.auth }), 'Classification updated');
  });

  app.openapi(detailRoute, async (c) => ok(c, await findAnalysis(c.var.db, c.req.valid('param').id)));
}
