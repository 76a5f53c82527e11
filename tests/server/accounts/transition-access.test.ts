import { gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord } from '../../../src/server/db/schema.ts';
import { bookingTransitions, dispatchBatchTransitions } from '../../../src/shared/workflow/record-workflows.ts';
import { workflowActions } from '../../../src/shared/workflow/sample-workflow.ts';
import { buildDocument, listOperations, operationName, type Operation } from '../support/api-operations.ts';
import { submitBooking } from '../support/bookings.ts';
import { CHECK_IN, sampleAt } from '../support/sample-journey.ts';
import type { TestApp } from '../support/test-app.ts';
import { useTestApp } from '../support/test-app.ts';

// Who may fire a transition is written once, in the workflow tables. Which route fires which
// transition is not taken from the routes' own word: every transition is fired through the API and
// read back from the audit trail, and the route's declared access list (x-permissions, the list its
// guard enforces) must be exactly the table's list. A route typing its own list fails here as soon
// as the two drift apart.

const t = useTestApp();
const operations = listOperations(buildDocument());

/** The transition tables, by the entity type their audit records carry. */
const machines: Record<string, Record<string, { permissions: readonly string[] }>> = {
  sample_entry: workflowActions,
  booking: bookingTransitions,
  dispatch_batch: dispatchBatchTransitions,
};

/** Every transition a person fires (the server fires those without permissions itself). */
const personTransitions = Object.entries(machines).flatMap(([entity, table]) =>
  Object.entries(table)
    .filter(([, transition]) => transition.permissions.length > 0)
    .map(([action]) => `${entity}.${action}`),
);

function operationOf(method: string, url: string): Operation {
  const pathname = new URL(url, 'http://lab.test').pathname;
  const op = operations.find(
    (o) => o.method === method && new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  );
  if (!op) throw new Error(`${method} ${pathname} is in no operation of the API document`);
  return op;
}

/** A TestApp whose requests note, per operation, the transitions the audit trail shows they fired. */
function recording(app: TestApp) {
  const fired = new Map<string, { op: Operation; transitions: Set<string> }>();
  const request: TestApp['request'] = async (method, path, options) => {
    const db = app.database.db;
    const [last] = await db.select({ id: sql<number | null>`max(${auditRecord.id})` }).from(auditRecord);
    const res = await app.request(method, path, options);
    const rows = await db
      .select()
      .from(auditRecord)
      .where(gt(auditRecord.id, Number(last?.id ?? 0)));
    for (const row of rows) {
      // Edits and creations carry action names of their own, which no transition table lists.
      const transition = machines[row.entityType]?.[row.action];
      if (!transition) continue;
      if (transition.permissions.length === 0) continue;
      const op = operationOf(method, path);
      const entry = fired.get(operationName(op)) ?? { op, transitions: new Set<string>() };
      entry.transitions.add(`${row.entityType}.${row.action}`);
      fired.set(operationName(op), entry);
    }
    return res;
  };
  return { app: Object.assign(Object.create(app) as TestApp, { request }), fired };
}

const sorted = (list: readonly string[]) => [...new Set(list)].sort();

describe('[PERMISSIONS] transition routes', () => {
  it("guard each transition with exactly its workflow table's permissions", async () => {
    const { app, fired } = recording(t);
    const admin = await t.signInAsAdmin();
    const ok = async (res: Promise<{ status: number; body: unknown }>, what: string) => {
      const answer = await res;
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    };

    const confirmed = await submitBooking(t);
    await ok(app.request('PUT', `/api/cs-lab/check-in?id=${confirmed.id}`, { token: admin }), 'confirm booking');
    const cancelled = await submitBooking(t, { email: 'other@saigon-cotton.vn' });
    await ok(
      app.request('PUT', `/api/bookings/cancel?id=${cancelled.id}`, { token: admin, body: { cancelReason: 'Dup' } }),
      'cancel booking',
    );

    const done = await sampleAt(app, admin, 'ResultConfirmed', { packageCode: 'PKG-ROUTES-1' });
    await ok(app.request('PUT', `/api/issue-certificate?id=${done.id}`, { token: admin }), 'issue');

    const atTester = await sampleAt(app, admin, 'SentToTester');
    await ok(
      app.request('PUT', `/api/tester-lab/undo-status-isotope?id=${atTester.id}&Status=CsConfirmed`, { token: admin }),
      'undo tester',
    );
    await sampleAt(app, admin, 'SentToThirdLab', { packageCode: 'PKG-ROUTES-2' });
    await ok(
      app.request('DELETE', '/api/third-lab/undo-sample-transaction?packageCode=PKG-ROUTES-2', { token: admin }),
      'undo package',
    );
    const returned = await sampleAt(app, admin, 'ResultReturned', { packageCode: 'PKG-ROUTES-3' });
    await ok(
      app.request('PUT', `/api/supervisor-lab/undo-return-result?id=${returned.id}`, { token: admin }),
      'undo returned result',
    );

    const held = await sampleAt(app, admin, 'New');
    await ok(
      app.request('PUT', `/api/cs-lab/check-in?id=${held.id}&entry=sample`, {
        token: admin,
        body: { ...CHECK_IN, receivedDate: new Date().toISOString(), receivedCondition: 'damaged' },
      }),
      'receive damaged',
    );
    await ok(
      app.request('PUT', `/api/cs-lab/receipt-decision?id=${held.id}`, {
        token: admin,
        body: { decision: 'replacement' },
      }),
      'await a replacement',
    );

    // Every transition a person fires was fired above, so none escapes the comparison below.
    const seen = new Set([...fired.values()].flatMap((entry) => [...entry.transitions]));
    expect(personTransitions.filter((name) => !seen.has(name))).toEqual([]);

    for (const [name, { op, transitions }] of fired) {
      const expected = [...transitions].flatMap((key) => {
        const [entity, action] = key.split('.') as [string, string];
        return machines[entity]![action]!.permissions;
      });
      expect(sorted(op.permissions), `${name} fires ${[...transitions].join(', ')}`).toEqual(sorted(expected));
    }
  });
});
