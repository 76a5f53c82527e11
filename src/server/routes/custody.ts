import { z } from '@hono/zod-openapi';
import type { AppRouter } from '../http/context.ts';
import { envelope, ok } from '../http/responses.ts';
import { defineRoute } from '../http/route.ts';
import { sampleTimeline, verifyCustodyChain } from '../services/custody.ts';
import { findSample } from '../services/sample-entries.ts';
import { assertSampleVisible } from '../services/sample-visibility.ts';
import { idParam } from '../http/params.ts';
import { timelineEventSchema } from '../http/sample-schemas.ts';

// Chain of custody: a sample's timeline and the audit chain check.

const timelineRouteDef = defineRoute({
  method: 'get',
  path: '/api/sample-entries/{id}/timeline',
  tags: ['Chain of custody'],
  summary: 'The chain of custody of a sample: who, when, action, from, to, what changed, why',
  access: [
    'CanViewDetailSampleEntryCs',
    'CanViewDetailSampleEntryTester',
    'CanViewDetailSampleEntrySupervisor',
    'CanViewAllTransactionThirdLab',
  ],
  request: { params: idParam },
  responses: {
    200: {
      description: 'Timeline, oldest first',
      content: { 'application/json': { schema: envelope(z.array(timelineEventSchema)) } },
    },
  },
});

const verifyRouteDef = defineRoute({
  method: 'get',
  path: '/api/audit/verify',
  tags: ['Chain of custody'],
  summary: 'Walk the hash chain of the audit records; names the first record that does not hold',
  access: ['CanViewAllUser', 'CanConfirmFinalResult'],
  responses: {
    200: {
      description: 'Verdict',
      content: {
        'application/json': {
          schema: envelope(
            z.object({ valid: z.boolean(), checked: z.number().int(), brokenAt: z.number().int().optional() }),
          ),
        },
      },
    },
  },
});

export function registerCustodyRoutes(app: AppRouter) {
  app.openapi(timelineRouteDef, async (c) => {
    const { id } = c.req.valid('param');
    assertSampleVisible(c.var.auth.permissions, await findSample(c.var.db, id));
    return ok(c, await sampleTimeline(c.var.db, id));
  });

  app.openapi(verifyRouteDef, async (c) => {
    const verdict = await verifyCustodyChain(c.var.db);
    return ok(
      c,
      verdict,
      verdict.valid
        ? 'The chain of custody is intact.'
        : `The chain of custody is broken at record ${verdict.brokenAt}.`,
    );
  });
}
