import { z } from '@hono/zod-openapi';
import { nonconformityReleaseSchema, nonconformityStatuses } from '../../../shared/measurement/qc.ts';
import type { AppRouter } from '../../http/context.ts';
import { idParam } from '../../http/params.ts';
import { nonconformitySchema } from '../../http/schemas/qc-schemas.ts';
import { envelope, listQuery, ok, pageOf } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import {
  getNonconformity,
  listNonconformities,
  releaseNonconformity,
} from '../../services/measurement/nonconformities.ts';

// The non-conformities a rejected run opens, listed and released (docs/quality-control.md).

const readers = ['CanViewNonConformity', 'CanReleaseNonConformity'] as const;

const listRoute = defineRoute({
  method: 'get',
  path: '/api/qc/nonconformities',
  tags: ['Quality control'],
  summary: 'Non-conformities opened by rejected runs, newest first',
  access: readers,
  request: {
    query: z.object({
      limit: listQuery.limit,
      offset: listQuery.offset,
      status: z.enum(nonconformityStatuses).optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of non-conformities',
      content: { 'application/json': { schema: envelope(pageOf(nonconformitySchema)) } },
    },
  },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/api/qc/nonconformities/{id}',
  tags: ['Quality control'],
  summary: 'A non-conformity: its run, the rules broken, the samples it holds, its release',
  access: readers,
  request: { params: idParam },
  responses: {
    200: { description: 'The record', content: { 'application/json': { schema: envelope(nonconformitySchema) } } },
    404: { description: 'No such non-conformity' },
  },
});

const releaseRoute = defineRoute({
  method: 'post',
  path: '/api/qc/nonconformities/{id}/release',
  tags: ['Quality control'],
  summary:
    "Release a non-conformity: a supervisor other than the run's importer, with a justification and their password; signed in every covered sample's custody log",
  access: ['CanReleaseNonConformity'],
  request: {
    params: idParam,
    body: { content: { 'application/json': { schema: nonconformityReleaseSchema } }, required: true },
  },
  responses: {
    200: { description: 'Released', content: { 'application/json': { schema: envelope(nonconformitySchema) } } },
    400: { description: 'qcReleasePasswordWrong: the password is not correct' },
    403: { description: 'qcReleaseByImporter: the run was imported by this supervisor' },
    404: { description: 'No such non-conformity' },
    409: { description: 'nonconformityReleased: already released' },
    429: { description: 'tooManyAttempts: too many wrong passwords from this account within the hour' },
  },
});

export function registerNonconformityRoutes(app: AppRouter) {
  app.openapi(listRoute, async (c) => ok(c, await listNonconformities(c.var.db, c.req.valid('query'))));

  app.openapi(detailRoute, async (c) => ok(c, await getNonconformity(c.var.db, c.req.valid('param').id)));

  app.openapi(releaseRoute, async (c) => {
    const released = await releaseNonconformity(c.var.db, {
      id: c.req.valid('param').id,
      ...c.req.valid('json'),
      by: c.var.auth,
    });
    return ok(c, released, `Non-conformity ${released.id} released; its samples may proceed.`);
  });
}
