import { z } from '@hono/zod-openapi';
import { benchStatuses, type Bench } from '../../shared/sample-workflow.ts';
import { listSampleEntries } from '../services/sample-lists.ts';
import { readSampleDetail } from '../services/sample-detail.ts';
import type { AppRouter } from './context.ts';
import { idParam } from './params.ts';
import { envelope, ok } from './responses.ts';
import { defineRoute, type Access } from './route.ts';
import { sampleDetailSchema, samplePageSchema, testerListFilters, toSampleFilters } from './sample-schemas.ts';

// What the tester and supervisor benches read alike: a page of the samples the bench lists (its
// statuses from the workflow table, with the tester filters) and one sample's detail.

type Operation = { path: string; summary: string; access: Access };

export function registerBenchReads(
  app: AppRouter,
  bench: { bench: Bench; tag: string; list: Operation; detail: Operation },
) {
  const listRoute = defineRoute({
    method: 'get',
    path: bench.list.path,
    tags: [bench.tag],
    summary: bench.list.summary,
    access: bench.list.access,
    request: { query: z.object(testerListFilters) },
    responses: {
      200: { description: 'A page', content: { 'application/json': { schema: envelope(samplePageSchema) } } },
    },
  });

  const detailRoute = defineRoute({
    method: 'get',
    path: bench.detail.path,
    tags: [bench.tag],
    summary: bench.detail.summary,
    access: bench.detail.access,
    request: { params: idParam },
    responses: {
      200: { description: 'Detail', content: { 'application/json': { schema: envelope(sampleDetailSchema) } } },
    },
  });

  app.openapi(listRoute, async (c) =>
    ok(c, await listSampleEntries(c.var.db, toSampleFilters(c.req.valid('query')), benchStatuses[bench.bench])),
  );

  app.openapi(detailRoute, async (c) =>
    ok(c, await readSampleDetail(c.var.db, c.req.valid('param').id, c.var.auth.permissions)),
  );
}
