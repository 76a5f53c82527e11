import { z } from '@hono/zod-openapi';
import { isotopeScales, measuredElements } from '../../../shared/measurement/measurement.ts';
import type { AppRouter } from '../../http/context.ts';
import { envelope, ok } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { currentUncertainty } from '../../services/measurement/measurement-uncertainty.ts';
import { labToday } from '../../lab-time.ts';

// The laboratory's measurement uncertainty per element, from the check standards of its measurement
// runs (docs/quality-control.md): read by the staff who see the runs.

const readers = [
  'CanViewMeasurementRun',
  'CanImportMeasurementRun',
  'CanRecomputeMeasurementRun',
  'CanManageReferenceMaterial',
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const maybe = z.number().nullable();

const elementUncertaintySchema = z
  .object({
    element: z.enum(measuredElements),
    delta: z.string(),
    scale: z.enum(isotopeScales),
    window: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
    n: z
      .number()
      .int()
      .openapi({ description: 'Check-standard results counted (of materials measured in two runs or more)' }),
    minimum: z.number().int().openapi({ description: 'The fewest results an uncertainty is stated on' }),
    materials: z.array(
      z.object({
        material: z.string(),
        n: z.number().int(),
        mean: z.number(),
        sd: maybe,
        bias: maybe,
        assignedUncertainty: maybe.openapi({ description: "The assigned value's standard uncertainty (k = 1)" }),
        inReproducibility: z.boolean(),
        inBias: z.boolean(),
      }),
    ),
    reproducibility: maybe.openapi({ description: 'u(Rw) ‰' }),
    rmsBias: maybe.openapi({ description: 'RMS of the check standards’ biases ‰' }),
    referenceUncertainty: maybe.openapi({ description: 'u(Cref) ‰' }),
    biasUncertainty: maybe.openapi({ description: 'u(bias) = √(RMS_bias² + u(Cref)²) ‰' }),
    combined: maybe.openapi({ description: 'u_c = √(u(Rw)² + u(bias)²) ‰' }),
    coverageFactor: z.number(),
    expanded: maybe.openapi({ description: 'U = k·u_c ‰; null until enough check-standard results give one' }),
    notEstablished: z.enum(['tooFewResults', 'noReferenceUncertainty']).nullable(),
  })
  .openapi('ElementUncertainty');

const uncertaintyRoute = defineRoute({
  method: 'get',
  path: '/api/qc/uncertainty',
  tags: ['Quality control'],
  summary:
    'The measurement uncertainty per element (Nordtest TR 537) from the check standards of the last runs, with its inputs',
  access: readers,
  request: {
    query: z.object({
      asOf: z
        .string()
        .trim()
        .regex(DAY, 'Enter a date as YYYY-MM-DD')
        .optional()
        .openapi({ description: "The last day of the window (default: the laboratory's today)" }),
    }),
  },
  responses: {
    200: {
      description: 'Every element, established or not',
      content: { 'application/json': { schema: envelope(z.array(elementUncertaintySchema)) } },
    },
  },
});

export function registerMeasurementUncertaintyRoutes(app: AppRouter) {
  app.openapi(uncertaintyRoute, async (c) => {
    const asOf = c.req.valid('query').asOf ?? labToday(c.var.deps.env.LAB_TIME_ZONE);
    return ok(c, await currentUncertainty(c.var.db, asOf));
  });
}
