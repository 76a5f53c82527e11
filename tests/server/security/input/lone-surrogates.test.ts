import { describe, expect, it } from 'vitest';
import { TEXT_NOT_WELL_FORMED } from '../../../../src/shared/visible-text.ts';
import {
  buildDocument,
  fillPath,
  listOperations,
  operationName,
  resolveSchema,
  type SchemaObject,
} from '../../support/api-operations.ts';
import { bookingForm, submitBooking } from '../../support/bookings.ts';
import { clientSessionCookie } from '../../support/client-sessions.ts';
import { sampleAt } from '../../support/sample-journey.ts';
import { useTestApp, type TestApp } from '../../support/test-app.ts';

// Text holding half of a character pair (a lone UTF-16 surrogate, sent as a JSON escape) cannot be
// stored as written: the database keeps U+FFFD. Once the audit chain had hashed the text as sent and
// stored something else, /api/audit/verify said BROKEN for good; in client notes it was a 500. Every
// text field refuses it with 400, naming the field, before anything is written.

const t = useTestApp();
const HIGH = '\uD800';
const LOW = '\uDC00';
const broken = (text: string, half = HIGH) => `${text} ${half} end`;

const document = buildDocument();
const withBody = listOperations(document).filter((op) => op.jsonBody);

async function expectAuditValid(app: TestApp) {
  const admin = await app.signInAsAdmin();
  const res = await app.request('GET', '/api/audit/verify', { token: admin });
  expect(res.status).toBe(200);
  expect(res.body.data.valid, JSON.stringify(res.body.data)).toBe(true);
}

function expectRefused(res: { status: number; body: any }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ code: 'textNotWellFormed', params: { field } });
  expect(res.body.errors).toEqual({ [field]: TEXT_NOT_WELL_FORMED });
}

describe('[SECURITY] lone surrogates', () => {
  it('refuses a revoke reason with a lone surrogate, and the audit chain stays valid', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultConfirmed');
    const issued = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: admin });
    expect(issued.status).toBe(200);
    for (const half of [HIGH, LOW]) {
      const res = await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, {
        token: admin,
        body: { reason: broken('Sample mix-up', half) },
      });
      expectRefused(res, 'reason');
    }
    // A well-formed pair (an emoji) is text like any other.
    const revoked = await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, {
      token: admin,
      body: { reason: 'Sample mix-up 👍' },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.data.revokeReason).toBe('Sample mix-up 👍');
    await expectAuditValid(t);
  });

  it('refuses a lone surrogate in client notes and client cancels without a 500', async () => {
    const cookie = await clientSessionCookie(t, 'surrogate@client.test');
    const { body } = await t.request('GET', '/api/client/bookings', { headers: { cookie } });
    const id = body.data.bookings[0].id as number;
    const note = await t.request('POST', `/api/client/bookings/${id}/notes`, {
      headers: { cookie },
      body: { text: broken('Please call') },
    });
    expectRefused(note, 'text');
    const cancel = await t.request('POST', `/api/client/bookings/${id}/cancel`, {
      headers: { cookie },
      body: { cancelReason: broken('Wrong order', LOW) },
    });
    expectRefused(cancel, 'cancelReason');
    await expectAuditValid(t);
  });

  it('refuses a lone surrogate in bookings, samples and countries', async () => {
    const admin = await t.signInAsAdmin();
    const form = await t.request('POST', '/api/sample-submit-form', {
      body: bookingForm({ applicantCompany: broken('Saigon Cotton') }),
    });
    expectRefused(form, 'applicantCompany');
    const nested = await t.request('POST', '/api/sample-submit-form', {
      body: bookingForm({ retailerInfo: { retailerName: broken('Big Retail'), notes: '' } }),
    });
    expectRefused(nested, 'retailerInfo.retailerName');
    const staffBooking = await t.request('POST', '/api/bookings/create', {
      token: admin,
      body: bookingForm({ address: broken('12 Le Loi') }),
    });
    expectRefused(staffBooking, 'address');
    const { id: bookingId } = await submitBooking(t);
    const cancel = await t.request('PUT', `/api/bookings/cancel?id=${bookingId}`, {
      token: admin,
      body: { cancelReason: broken('Duplicate') },
    });
    expectRefused(cancel, 'cancelReason');
    const sample = await t.request('POST', '/api/cs-lab/create', {
      token: admin,
      body: { sampleType: broken('Cotton'), sampleCode: 'SC-1', source: 'Client', fromClientInfo: 'Acme' },
    });
    expectRefused(sample, 'sampleType');
    const country = await t.request('POST', '/api/country', {
      token: admin,
      body: { code: 'FR', name: broken('France') },
    });
    expectRefused(country, 'name');
    // A lone surrogate in the query is refused the same way.
    const search = await t.request('GET', `/api/country?search=${encodeURIComponent('a')}%ED%A0%80`, { token: admin });
    expect(search.status).toBeLessThan(500);
    await expectAuditValid(t);
  });

  it('answers every operation that takes a JSON body with 4xx to a lone surrogate in each text field', async () => {
    const admin = await t.signInAsAdmin();
    const cookie = await clientSessionCookie(t);
    const failures: string[] = [];
    for (const op of withBody) {
      const body: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(resolveSchema(document, op.jsonBody)?.properties ?? {})) {
        const type = resolveSchema(document, property as SchemaObject)?.type;
        body[key] = type === 'array' ? [broken(key)] : broken(key);
      }
      if (Object.keys(body).length === 0) continue;
      const res = await t.request(
        op.method,
        fillPath(op.path, () => '1'),
        {
          token: admin,
          headers: op.access === 'client' ? { cookie } : {},
          body,
        },
      );
      const named = res.status === 400 && Object.keys(res.body?.errors ?? {}).length > 0;
      // 401/403/404 come before the body is read; anything read is refused by field.
      if (res.status >= 500 || (res.status < 400 && res.status !== 401) || (res.status === 400 && !named)) {
        failures.push(`${operationName(op)}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(withBody.length).toBeGreaterThan(30);
    await expectAuditValid(t);
  }, 300_000);
});
