import { describe, expect, it } from 'vitest';
import { submitBooking } from '../support/bookings.ts';
import { pdfText } from '../support/pdf-text.ts';
import { readQrCodes } from '../support/pdf-qr.ts';
import { CHECK_IN, sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';
import { PDFDocument } from 'pdf-lib';
import { mm } from '../../../src/shared/labels.ts';

const t = useTestApp();

async function pdfOf(res: { raw: Response }) {
  return new Uint8Array(await res.raw.arrayBuffer());
}

function expectPdf(res: { status: number; headers: Headers; body: unknown }) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
}

describe('[LABELS] sample label', () => {
  it('answers a 62 × 29 mm PDF whose QR code holds the IDFL number', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'CsConfirmed');
    const cs = await t.userWith(['CanViewDetailSampleEntryCs']);
    const res = await t.request('GET', `/api/labels/sample/${sample.id}`, { token: cs.token });
    expectPdf(res);
    const bytes = await pdfOf(res);
    expect(Buffer.from(bytes.subarray(0, 4)).toString()).toBe('%PDF');
    expect(await readQrCodes(bytes)).toEqual([sample.idflNumber]);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeCloseTo(mm(62), 1);
    expect(height).toBeCloseTo(mm(29), 1);
    expect(res.headers.get('content-disposition')).toContain(`label-${sample.idflNumber}.pdf`);
  });

  it('lays labels out on A4 with ?layout=a4, refuses other layouts, unknown samples and users without permission', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'New');
    const a4 = await t.request('GET', `/api/labels/sample/${sample.id}?layout=a4`, { token: admin });
    expectPdf(a4);
    const page = (await PDFDocument.load(await pdfOf(a4))).getPage(0).getSize();
    expect(page.width).toBeCloseTo(mm(210), 1);
    expect(page.height).toBeCloseTo(mm(297), 1);
    const bad = await t.request('GET', `/api/labels/sample/${sample.id}?layout=poster`, { token: admin });
    expect(bad.status).toBe(400);
    expect((await t.request('GET', '/api/labels/sample/999999', { token: admin })).status).toBe(404);
    const outsider = await t.userWith(['CanViewAllCountry']);
    expect((await t.request('GET', `/api/labels/sample/${sample.id}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request('GET', `/api/labels/sample/${sample.id}`)).status).toBe(401);
  });
});

describe('[LABELS] sheets', () => {
  it('prints every sample of a booking, one label per page or on one A4 sheet', async () => {
    const admin = await t.signInAsAdmin();
    const booking = await submitBooking(t);
    const none = await t.request('GET', `/api/labels/booking/${booking.id}`, { token: admin });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(
      `Booking ${booking.bookingNumber} has no sample entries yet; check the booking in first.`,
    );
    const checkIn = await t.request('PUT', `/api/cs-lab/check-in?id=${booking.id}`, { token: admin });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const viewer = await t.userWith(['CanViewDetailBooking']);
    const single = await t.request('GET', `/api/labels/booking/${booking.id}`, { token: viewer.token });
    expectPdf(single);
    const singleBytes = await pdfOf(single);
    const codes = await readQrCodes(singleBytes);
    expect(codes).toHaveLength(2);
    expect(codes.every((code) => /^IDFL-\d{4}-\d{5}$/.test(code))).toBe(true);
    expect((await PDFDocument.load(singleBytes)).getPageCount()).toBe(2);
    const sheet = await t.request('GET', `/api/labels/booking/${booking.id}?layout=a4`, { token: viewer.token });
    const sheetBytes = await pdfOf(sheet);
    expect((await PDFDocument.load(sheetBytes)).getPageCount()).toBe(1);
    expect(await readQrCodes(sheetBytes)).toEqual(codes);
    expect((await t.request('GET', '/api/labels/booking/999999', { token: admin })).status).toBe(404);
  });

  it('prints the samples of a dispatch batch', async () => {
    const admin = await t.signInAsAdmin();
    const first = await sampleAt(t, admin, 'SentToThirdLab');
    const shipping = await t.userWith(['CanViewAllDispatchBatch']);
    const res = await t.request('GET', `/api/labels/dispatch-batch/${first.dispatchBatchId}?layout=a4`, {
      token: shipping.token,
    });
    expectPdf(res);
    expect(await readQrCodes(await pdfOf(res))).toEqual([first.idflNumber]);
    expect((await t.request('GET', '/api/labels/dispatch-batch/999999', { token: admin })).status).toBe(404);
  });
});

describe('[LABELS] damage on receipt', () => {
  it('marks the label of a sample received damaged or insufficient, in either layout, and no other', async () => {
    const admin = await t.signInAsAdmin();
    const { id } = await submitBooking(t);
    const checkIn = await t.request('PUT', `/api/cs-lab/check-in?id=${id}`, { token: admin });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const [damaged, intact] = checkIn.body.data.sampleEntries as { id: number; idflNumber: string }[];
    const receipt = { ...CHECK_IN, receivedDate: new Date(Date.now() - 60 * 60_000).toISOString() };
    for (const [sample, receivedCondition] of [
      [damaged!, 'damaged'],
      [intact!, 'intact'],
    ] as const) {
      const res = await t.request('PUT', `/api/cs-lab/check-in?id=${sample.id}&entry=sample`, {
        token: admin,
        body: { ...receipt, receivedCondition },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    const single = await t.request('GET', `/api/labels/sample/${damaged!.id}`, { token: admin });
    expectPdf(single);
    const singleText = pdfText(await pdfOf(single));
    expect(singleText).toContain(damaged!.idflNumber);
    expect(singleText).toContain('Received damaged');
    const clean = await t.request('GET', `/api/labels/sample/${intact!.id}`, { token: admin });
    expect(pdfText(await pdfOf(clean))).not.toContain('Received');

    // A booking's A4 sheet carries the one mark, on the damaged sample's label.
    const sheet = await t.request('GET', `/api/labels/booking/${id}?layout=a4`, { token: admin });
    expectPdf(sheet);
    const text = pdfText(await pdfOf(sheet));
    expect(text.match(/Received damaged/g)).toHaveLength(1);
    expect(text).toContain(intact!.idflNumber);
  });
});
