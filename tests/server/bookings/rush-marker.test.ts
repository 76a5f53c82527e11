import { describe, expect, it } from 'vitest';
import { submitBooking } from '../support/bookings.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// A rush booking is marked wherever it or its samples are listed, so the list
// responses carry the booking's rush flag: the booking list, the bench lists and a sample's detail.

const t = useTestApp();

describe('[RUSH] list responses carry the rush flag', () => {
  it('the booking list, the CS list and the sample detail say which booking asked for rush service', async () => {
    const rush = await submitBooking(t, { rushService: true });
    const ordinary = await submitBooking(t, { rushService: false });
    const admin = await t.signInAsAdmin();

    const bookings = await t.request('GET', '/api/bookings/find-all?limit=10&offset=0', { token: admin });
    expect(bookings.status).toBe(200);
    const byId = new Map(
      (bookings.body.data.items as { id: number; rushService: boolean }[]).map((item) => [item.id, item.rushService]),
    );
    expect([byId.get(rush.id), byId.get(ordinary.id)]).toEqual([true, false]);

    for (const { id } of [rush, ordinary]) {
      const confirmed = await t.request('PUT', `/api/cs-lab/check-in?id=${id}`, { token: admin });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    }
    const samples = await t.request('GET', '/api/cs-lab/get-all?limit=20&offset=0', { token: admin });
    expect(samples.status).toBe(200);
    const items = samples.body.data.items as { id: number; bookingId: number; rushService: boolean }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.rushService).toBe(item.bookingId === rush.id);

    const rushed = items.find((item) => item.bookingId === rush.id)!;
    const detail = await t.request('GET', `/api/cs-lab/get-detail/${rushed.id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.data.booking).toMatchObject({ id: rush.id, rushService: true });
  });

  it("the third lab's list and a package's packing list mark the rush booking's samples", async () => {
    const rush = await submitBooking(t, { rushService: true });
    const ordinary = await submitBooking(t, { rushService: false });
    const admin = await t.signInAsAdmin();
    const firstSampleOf = async (bookingId: number) => {
      const confirmed = await t.request('PUT', `/api/cs-lab/check-in?id=${bookingId}`, { token: admin });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const samples = await t.request('GET', '/api/cs-lab/get-all?limit=50&offset=0', { token: admin });
      return (samples.body.data.items as { id: number; bookingId: number }[]).find((s) => s.bookingId === bookingId)!;
    };
    // Each in a package of its own, sent to the third lab; a sample of no booking beside them.
    const rushed = await sampleAt(t, admin, 'SentToThirdLab', { sampleId: (await firstSampleOf(rush.id)).id });
    const plain = await sampleAt(t, admin, 'SentToThirdLab', { sampleId: (await firstSampleOf(ordinary.id)).id });
    const walkIn = await sampleAt(t, admin, 'SentToThirdLab');

    const list = await t.request('GET', '/api/third-lab/get-all?limit=20&offset=0', { token: admin });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const rushById = new Map(
      (list.body.data.items as { id: number; rushService: boolean }[]).map((item) => [item.id, item.rushService]),
    );
    expect([rushById.get(rushed.id), rushById.get(plain.id), rushById.get(walkIn.id)]).toEqual([true, false, false]);

    for (const [sample, marked] of [
      [rushed, true],
      [plain, false],
    ] as const) {
      const packing = await t.request('GET', `/api/sample-dispatch-batch/${sample.dispatchBatchId}/packing-list`, {
        token: admin,
      });
      expect(packing.status).toBe(200);
      expect(packing.body.data.samples).toEqual([expect.objectContaining({ id: sample.id, rushService: marked })]);
    }
  });
});
