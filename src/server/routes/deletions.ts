import { z } from '@hono/zod-openapi';
import { deletableEntities } from '../../shared/workflow/deletions.ts';
import type { AppRouter } from '../http/context.ts';
import { dateFilter, envelope, ok } from '../http/responses.ts';
import { defineRoute } from '../http/route.ts';
import { deletionsSince } from '../services/deletions.ts';

const deletionsRoute = defineRoute({
  method: 'get',
  path: '/api/deletions',
  tags: ['Sync'],
  summary: 'Tombstones for the delta sync: the ids of records of one kind deleted since an instant',
  description:
    'A device that keeps a list offline asks with the newest updatedAt it has seen and removes these ids ' +
    'from its copy. Ids only: nothing about the record itself.',
  access: 'signedIn',
  request: {
    query: z.object({
      entity: z.enum(deletableEntities, { error: `entity must be one of ${deletableEntities.join(', ')}` }),
      since: dateFilter().unwrap(),
    }),
  },
  responses: {
    200: {
      description: 'Deleted ids, oldest first',
      content: {
        'application/json': {
          schema: envelope(z.object({ items: z.array(z.object({ recordId: z.string(), deletedAt: z.string() })) })),
        },
      },
    },
  },
});

export function registerDeletionRoutes(app: AppRouter) {
  app.openapi(deletionsRoute, async (c) => {
    const { entity, since } = c.req.valid('query');
    return ok(c, { items: await deletionsSince(c.var.db, entity, new Date(since)) });
  });
}
