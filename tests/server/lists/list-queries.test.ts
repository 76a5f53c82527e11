import { describe, expect, it } from 'vitest';
import { loadLaboratory } from '../../../bench/scale/laboratory.ts';
import { bookingOrderColumns } from '../../../src/server/services/bookings/booking-list.ts';
import { sampleOrderColumns } from '../../../src/server/services/samples/sample-lists.ts';
import { thirdLabOrderColumns } from '../../../src/server/services/samples/third-lab-list.ts';
import { useTestApp } from '../support/test-app.ts';

// One answer for the same mistake on every list: an unknown sort field or a date that is not a date
// is a 400 naming the field, never a 200 with a silently different list.

const t = useTestApp();

const LISTS = [
  '/api/country',
  '/api/roles',
  '/api/user',
  '/api/customers',
  '/api/bookings/find-all',
  '/api/cs-lab/get-all',
  '/api/tester-lab/get-all',
  '/api/supervisor-lab/get-all',
  '/api/third-lab/get-all',
  '/api/sample-dispatch-batch',
];

/** Each list with a date filter it accepts. */
const DATE_FILTERS: [string, string][] = [
  ['/api/country', 'updatedSince'],
  ['/api/roles', 'updatedSince'],
  ['/api/user', 'updatedSince'],
  ['/api/bookings/find-all', 'updatedSince'],
  ['/api/cs-lab/get-all', 'receivedFromDate'],
  ['/api/cs-lab/get-all', 'updatedSince'],
  ['/api/tester-lab/get-all', 'sentToTesterToDate'],
  ['/api/supervisor-lab/get-all', 'sentToThirdLabFromDate'],
  ['/api/third-lab/get-all', 'sentToThirdLabDate'],
  ['/api/sample-dispatch-batch', 'sentFromDate'],
];

describe('[LISTS] one list-query rule', () => {
  it('answers an unknown orderBy with a 400 naming orderBy, on every list', async () => {
    const admin = await t.signInAsAdmin();
    for (const path of LISTS) {
      const res = await t.request('GET', `${path}?orderBy=password:desc`, { token: admin });
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.errors, path).toHaveProperty('orderBy');
      expect(res.body.code, path).toMatch(/badOrderBy|invalidField/);
    }
  });

  it('still sorts by a known field, ascending or descending', async () => {
    const admin = await t.signInAsAdmin();
    for (const orderBy of ['code', 'code:desc', '-code']) {
      const res = await t.request('GET', `/api/country?orderBy=${orderBy}&limit=1`, { token: admin });
      expect(res.status).toBe(200);
    }
    const last = await t.request('GET', '/api/country?orderBy=code:desc&limit=1', { token: admin });
    expect(last.body.data.items[0].code).toBe('VN');
  });

  it('answers a date filter that is not a date with a 400 naming the field, on every list', async () => {
    const admin = await t.signInAsAdmin();
    for (const [path, field] of DATE_FILTERS) {
      for (const garbage of ["' OR '1'='1", 'yesterday', '2026-13-45']) {
        const res = await t.request('GET', `${path}?${field}=${encodeURIComponent(garbage)}`, { token: admin });
        expect([path, field, garbage, res.status]).toEqual([path, field, garbage, 400]);
        expect(res.body.errors, `${path} ${field}`).toHaveProperty(field);
      }
      const good = await t.request('GET', `${path}?${field}=2026-01-31`, { token: admin });
      expect([path, field, good.status]).toEqual([path, field, 200]);
    }
  });

  it('sorts the matches of a "contains" filter by every field a list sorts by', { timeout: 60_000 }, async () => {
    // The matches are found first and held with the columns the page reads (queries.ts matchedFirst):
    // every order and filter must find its column there.
    await loadLaboratory(t.database, 120);
    const admin = await t.signInAsAdmin();
    const lists: [string, string[], Record<string, unknown>][] = [
      ['/api/cs-lab/get-all', ['search=SC-', 'IDFLNumber=IDFL-00000', 'IDFLNumber=IDF'], sampleOrderColumns],
      ['/api/tester-lab/get-all', ['search=SC-'], sampleOrderColumns],
      ['/api/supervisor-lab/get-all', ['search=SC-', 'IDFLNumber=IDFL-00000'], sampleOrderColumns],
      [
        '/api/third-lab/get-all',
        ['search=IDFL', 'BNCode=BN', 'IDFLNumber=IDFL-00000&status=Completed'],
        thirdLabOrderColumns,
      ],
      ['/api/bookings/find-all', ['search=a', 'bookingNumber=BK-', 'applicantContactPerson=a'], bookingOrderColumns],
    ];
    for (const [path, filters, orders] of lists) {
      for (const filter of filters) {
        for (const field of Object.keys(orders)) {
          for (const direction of ['asc', 'desc']) {
            const url = `${path}?${filter}&orderBy=${field}:${direction}&limit=5`;
            const res = await t.request('GET', url, { token: admin });
            expect([url, res.status]).toEqual([url, 200]);
            expect(res.body.data.items.length, url).toBeGreaterThan(0);
            expect(res.body.data.total, url).toBeGreaterThanOrEqual(res.body.data.items.length);
          }
        }
      }
    }
  });
});
