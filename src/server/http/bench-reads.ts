import { z } from '@hono/zod-openapi';
import { benches, type Bench } from '../../shared/workflow/benches.ts';
import { listSampleEntries } from '../services/samples/sample-lists.ts';
import { readSampleDetail } from '../services/samples/sample-detail.ts';
import type { AppRouter } from './context.ts';
import { idParam } from './params.ts';
import { datesInOrder, envelope, ok } from './responses.ts';
import { defineRoute } from './route.ts';
import { sampleDetailSchema, samplePageSchema, testerListFilters, toSampleFilters } from './schemas/sample-schemas.ts';

// What the tester and supervisor benches read alike: a page of the samples the bench lists (its
// statuses, paths and access lists from the bench table, with the tester filters) and one
// sample's detail.

/**
 * The benches read this way: each with a detail route, except the CS bench, whose list filters by
 * order (routes/cs-lab.ts). A bench added to the table is one of them without an edit here; its
 * routes file still has to call registerBenchReads (tests/server/samples/bench-tables.test.ts names it).
 */
type ReadBench = Exclude<{ [B in Bench]: (typeof benches)[B]['api']['detail'] extends null ? never : B }[Bench], 'cs'>;

export function registerBenchReads(
  app: AppRouter,
  bench: { bench: ReadBench; tag: string; summaries: { list: string; detail: string } },
) {
  const { statuses, api } = benches[bench.bench];
  const listRoute = defineRoute({
    method: 'get',
    path: api.list.path,
    tags: [bench.tag],
    summary: bench.summaries.list,
    access: api.list.access,
    request: {
      query: z.object(testerListFilters).superRefine(
        datesInOrder([
          ['receivedFromDate', 'receivedToDate'],
          ['sentToTesterFromDate', 'sentToTesterToDate'],
          ['sentToThirdLabFromDate', 'sentToThirdLabToDate'],
        ]),
      ),
    },
    responses: {
      200: { description: 'A page', content: { 'application/json': { schema: envelope(samplePageSchema) } } },
    },
  });

  const detailRoute = defineRoute({
    method: 'get',
    path: api.detail.path,
    tags: [bench.tag],
    summary: bench.summaries.detail,
    access: api.detail.access,
    request: { params: idParam },
    responses: {
      200: { description: 'Detail', content: { 'application/json': { schema: envelope(sampleDetailSchema) } } },
    },
  });

  app.openapi(listRoute, async (c) =>
    ok(
      c,
      await listSampleEntries(c.var.db, toSampleFilters(c.req.valid('query'), c.var.deps.env.LAB_TIME_ZONE), statuses),
    ),
  );

  app.openapi(detailRoute, async (c) =>
    ok(c, await readSampleDetail(c.var.db, c.req.valid('param').id, c.var.auth.permissions)),
  );
}
