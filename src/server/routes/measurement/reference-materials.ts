import { z } from '@hono/zod-openapi';
import {
  measuredElements,
  referenceMaterialInputSchema,
  referenceMaterialKinds,
  referenceValueInputSchema,
} from '../../../shared/measurement/measurement.ts';
import type { Context } from 'hono';
import type { AppEnv, AppRouter } from '../../http/context.ts';
import {
  referenceMaterialSchema,
  referenceValueSchema,
  valueImpactSchema,
} from '../../http/schemas/measurement-schemas.ts';
import { idParam } from '../../http/params.ts';
import { envelope, listQuery, ok, pageOf } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import {
  addReferenceValue,
  createReferenceMaterial,
  findReferenceMaterial,
  listReferenceMaterials,
  referenceValueImpact,
  withCurrent,
} from '../../services/measurement/reference-materials.ts';
import { labToday } from '../../lab-time.ts';

// The reference materials' registry: international and in-house materials and the versions of their
// assigned values (docs/measurement.md).

const readers = ['CanViewReferenceMaterial', 'CanManageReferenceMaterial', 'CanImportMeasurementRun'] as const;

const listRoute = defineRoute({
  method: 'get',
  path: '/api/reference-materials',
  tags: ['Measurement runs'],
  summary: 'The reference materials with every version of their values, filtered and paged',
  access: readers,
  request: {
    query: z.object({
      ...listQuery,
      limit: z.coerce.number().int().min(1).max(500).default(100),
      kind: z.enum(referenceMaterialKinds).optional(),
      element: z.enum(measuredElements).optional().openapi({ description: 'Only materials with a value for it' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of reference materials',
      content: { 'application/json': { schema: envelope(pageOf(referenceMaterialSchema)) } },
    },
  },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/api/reference-materials/{id}',
  tags: ['Measurement runs'],
  summary: 'One reference material with every version of its values',
  access: readers,
  request: { params: idParam },
  responses: {
    200: {
      description: 'The material',
      content: { 'application/json': { schema: envelope(referenceMaterialSchema) } },
    },
    404: { description: 'No such reference material' },
  },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/reference-materials',
  tags: ['Measurement runs'],
  summary: 'Add a reference material (international or in-house) with its first values',
  access: ['CanManageReferenceMaterial'],
  request: { body: { content: { 'application/json': { schema: referenceMaterialInputSchema } }, required: true } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: envelope(referenceMaterialSchema) } } },
  },
});

const addValueRoute = defineRoute({
  method: 'post',
  path: '/api/reference-materials/{id}/values',
  tags: ['Measurement runs'],
  summary:
    'Add a version of a value (never an edit); answers what was computed on the earlier versions of that element',
  access: ['CanManageReferenceMaterial'],
  request: {
    params: idParam,
    body: { content: { 'application/json': { schema: referenceValueInputSchema } }, required: true },
  },
  responses: {
    201: {
      description: 'The new version and the runs, samples and certificates that used an earlier one',
      content: {
        'application/json': { schema: envelope(z.object({ value: referenceValueSchema, impact: valueImpactSchema })) },
      },
    },
    404: { description: 'No such reference material' },
  },
});

const impactRoute = defineRoute({
  method: 'get',
  path: '/api/reference-materials/{id}/impact',
  tags: ['Measurement runs'],
  summary: 'Runs, samples and certificates computed on a value of this material that is no longer the one in force',
  access: ['CanManageReferenceMaterial', 'CanRecomputeMeasurementRun', 'CanViewMeasurementRun'],
  request: { params: idParam, query: z.object({ element: z.enum(measuredElements).optional() }) },
  responses: {
    200: { description: 'The impact', content: { 'application/json': { schema: envelope(valueImpactSchema) } } },
    404: { description: 'No such reference material' },
  },
});

export function registerReferenceMaterialRoutes(app: AppRouter) {
  // The value in force, and a new value's day when it names none, are the laboratory's today.
  const today = (c: Context<AppEnv>) => labToday(c.var.deps.env.LAB_TIME_ZONE);

  app.openapi(listRoute, async (c) => ok(c, await listReferenceMaterials(c.var.db, c.req.valid('query'), today(c))));

  app.openapi(detailRoute, async (c) =>
    ok(c, withCurrent(await findReferenceMaterial(c.var.db, c.req.valid('param').id), today(c))),
  );

  app.openapi(createRoute, async (c) => {
    const on = today(c);
    const created = await createReferenceMaterial(c.var.db, { input: c.req.valid('json'), by: c.var.auth, today: on });
    return ok(c, withCurrent(created, on), `Reference material ${created.name} added.`, 201);
  });

  app.openapi(addValueRoute, async (c) => {
    const { id } = c.req.valid('param');
    const result = await addReferenceValue(c.var.db, {
      id,
      input: c.req.valid('json'),
      by: c.var.auth,
      today: today(c),
    });
    return ok(c, result, `Value added; ${result.impact.runs.length} run(s) were computed on an earlier value.`, 201);
  });

  app.openapi(impactRoute, async (c) => {
    const { id } = c.req.valid('param');
    return ok(c, await referenceValueImpact(c.var.db, { id, element: c.req.valid('query').element, on: today(c) }));
  });
}
