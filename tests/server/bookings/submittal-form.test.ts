import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  booking,
  bookingFactory,
  bookingPayer,
  bookingRetailer,
  bookingSampleType,
  storedFile,
} from '../../../src/server/db/schema.ts';
import { bookingForm, otherPayer, payerFieldMessages, today } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

// Smallest files whose bytes say what they are.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

function filesForm(files: { name: string; type: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const f of files) form.append('files', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  return form;
}

describe('[SUBMITTAL FORM] submit', () => {
  it('creates an UnConfirmed booking with a BK number, its sample types, payer, retailer and factory', async () => {
    const res = await t.request('POST', '/api/sample-submit-form', {
      body: bookingForm({
        factoryInfo: {
          enabled: true,
          factoryName: 'Binh Duong Mill',
          contactName: 'Le C',
          phone: '0274 111',
          email: 'mill@bd.vn',
          address: 'KCN VSIP',
          cityStateCountry: 'Binh Duong, Vietnam',
        },
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ result: true, message: 'Booking created successfully!' });
    const year = new Date().getUTCFullYear();
    expect(res.body.data).toMatchObject({ bookingNumber: `BK-${year}-00001`, status: 'UnConfirmed' });

    const db = t.database.db;
    const id = res.body.data.id as number;
    const [row] = await db.select().from(booking).where(eq(booking.id, id));
    expect(row).toMatchObject({
      applicantCompany: 'Saigon Cotton Co.',
      samplePreparedDate: today(),
      isAgreeRegistration: true,
      isConfirmAccurate: true,
      createdBy: null,
    });
    const types = await db.select().from(bookingSampleType).where(eq(bookingSampleType.bookingId, id));
    expect(types.map((x) => [x.position, x.type, x.expectedOrigins])).toEqual([
      [0, 'Cotton lint', [{ origin: 'Vietnam' }]],
      [1, 'Yarn', [{ origin: 'India' }, { origin: 'USA' }]],
    ]);
    const [payer] = await db.select().from(bookingPayer).where(eq(bookingPayer.bookingId, id));
    expect(payer).toMatchObject({ isTheSameClientInfo: true, companyName: null });
    const [retailer] = await db.select().from(bookingRetailer).where(eq(bookingRetailer.bookingId, id));
    expect(retailer).toMatchObject({ retailerName: 'Big Retail', notes: 'Spring line' });
    const [factory] = await db.select().from(bookingFactory).where(eq(bookingFactory.bookingId, id));
    expect(factory).toMatchObject({ enabled: true, factoryName: 'Binh Duong Mill' });

    const second = await t.request('POST', '/api/sample-submit-form', { body: bookingForm() });
    expect(second.body.data.bookingNumber).toBe(`BK-${year}-00002`);
  });

  it('answers bad input with the specification messages on dotted paths', async () => {
    const res = await t.request('POST', '/api/sample-submit-form', {
      body: bookingForm({
        applicantCompany: '',
        sampleTypes: [{ type: '', composition: 'x', expectedOrigins: [{ origin: ' ' }] }],
        payerInfo: { isTheSameClientInfo: false, companyName: 'Payer' },
        factoryInfo: {
          enabled: true,
          contactName: 'x',
          phone: 'x',
          email: 'f@x.vn',
          address: 'x',
          cityStateCountry: 'x',
        },
        isConfirmAccurate: false,
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toBe(false);
    expect(res.body.errors).toEqual({
      applicantCompany: 'This field is required.',
      'sampleTypes.0.type': 'Type is required',
      'sampleTypes.0.expectedOrigins.0.origin': 'Expected origin is required',
      ...payerFieldMessages,
      'factoryInfo.factoryName': 'Factory name is required',
      isConfirmAccurate: 'Please confirm that all information provided is accurate and complete.',
    });
    expect(await t.database.db.$count(booking)).toBe(0);
  });

  it('answers malformed bodies with 400, never a server error', async () => {
    for (const body of ['{not json', '[]', 'null', JSON.stringify({ ...bookingForm(), sampleTypes: 'many' })]) {
      const res = await t.request('POST', '/api/sample-submit-form', { body });
      expect(res.status).toBe(400);
      expect(res.body.result).toBe(false);
    }
  });

  it('keeps a different payer', async () => {
    const res = await t.request('POST', '/api/sample-submit-form', { body: bookingForm({ payerInfo: otherPayer }) });
    expect(res.status).toBe(201);
    const [payer] = await t.database.db.select().from(bookingPayer).where(eq(bookingPayer.bookingId, res.body.data.id));
    const { bookingId: _sent, ...expected } = otherPayer;
    expect(payer).toMatchObject(expected);
  });

  it('creates one booking for a double submit with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'submit-7f1c2d3e-0000-4000-8000-000000000001' };
    const first = await t.request('POST', '/api/sample-submit-form', { body: bookingForm(), headers });
    const again = await t.request('POST', '/api/sample-submit-form', { body: bookingForm(), headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await t.database.db.$count(booking)).toBe(1);
    // A different key is a new booking.
    const other = await t.request('POST', '/api/sample-submit-form', {
      body: bookingForm(),
      headers: { 'idempotency-key': 'submit-7f1c2d3e-0000-4000-8000-000000000002' },
    });
    expect(other.body.data.id).not.toBe(first.body.data.id);
    expect(await t.database.db.$count(booking)).toBe(2);
  });

  it('creates one booking when the same submit arrives twice at once', async () => {
    const headers = { 'idempotency-key': 'submit-race-0000-4000-8000-000000000003' };
    const [a, b] = await Promise.all([
      t.request('POST', '/api/sample-submit-form', { body: bookingForm(), headers }),
      t.request('POST', '/api/sample-submit-form', { body: bookingForm(), headers }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await t.database.db.$count(booking)).toBe(1);
  });

  it('rate-limits submissions per address', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await t.request('POST', '/api/sample-submit-form', { body: bookingForm({ email: `c${i}@x.vn` }) });
      expect(res.status).toBe(201);
    }
    const res = await t.request('POST', '/api/sample-submit-form', { body: bookingForm() });
    expect(res.status).toBe(429);
    expect(res.body.result).toBe(false);
  });

  it('refuses attachment ids that were never uploaded', async () => {
    const res = await t.request('POST', '/api/sample-submit-form', {
      body: bookingForm({ attachmentFileIds: ['6f1c2d3e-0000-4000-8000-000000000000'] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'attachmentFileIds.0': 'This attachment was not found; please upload it again.',
    });
  });
});

describe('[SUBMITTAL FORM] attachments', () => {
  it('stores images and PDFs sniffed from their bytes and lets the booking reference them', async () => {
    const upload = await t.request('POST', '/api/sample-submit-form/attachments', {
      form: filesForm([
        { name: 'bale.png', type: 'image/png', bytes: PNG },
        // The declared type is ignored: the bytes say PDF.
        { name: 'invoice.pdf', type: 'application/octet-stream', bytes: PDF },
      ]),
    });
    expect(upload.status).toBe(201);
    const files = upload.body.data as { id: string; name: string; mimeType: string; size: number; url: string }[];
    expect(files.map((f) => [f.name, f.mimeType, f.size])).toEqual([
      ['bale.png', 'image/png', PNG.length],
      ['invoice.pdf', 'application/pdf', PDF.length],
    ]);
    const [pdf] = await t.database.db.select().from(storedFile).where(eq(storedFile.id, files[1]!.id));
    expect(pdf).toMatchObject({ kind: 'pdf', uploadedBy: null });

    const submit = await t.request('POST', '/api/sample-submit-form', {
      body: bookingForm({ attachmentFileIds: files.map((f) => f.id) }),
    });
    expect(submit.status).toBe(201);
    const admin = await t.signInAsAdmin();
    const detail = await t.request('GET', `/api/bookings/detail/${submit.body.data.id}`, { token: admin });
    expect(detail.body.data.attachments).toEqual(
      files.map((f) => ({ id: f.id, name: f.name, mimeType: f.mimeType, size: f.size, url: `/api/files/${f.id}` })),
    );
  });

  it('refuses what is neither an image nor a PDF, storing nothing', async () => {
    const res = await t.request('POST', '/api/sample-submit-form/attachments', {
      form: filesForm([
        { name: 'ok.png', type: 'image/png', bytes: PNG },
        { name: 'evil.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') },
      ]),
    });
    expect(res.status).toBe(415);
    expect(res.body.errors).toEqual({ files: 'Only images (JPEG, PNG, WebP, GIF) or PDF files are accepted.' });
    expect(await t.database.db.$count(storedFile)).toBe(0);
  });

  it('refuses a file over 10 MiB and more than 10 files', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await t.request('POST', '/api/sample-submit-form/attachments', {
      form: filesForm([{ name: 'big.png', type: 'image/png', bytes: big }]),
    });
    expect(tooLarge.status).toBe(413);

    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, type: 'image/png', bytes: PNG }));
    const tooMany = await t.request('POST', '/api/sample-submit-form/attachments', { form: filesForm(eleven) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ files: 'At most 10 files can be attached.' });
  });

  it('asks for at least one file', async () => {
    const res = await t.request('POST', '/api/sample-submit-form/attachments', { form: new FormData() });
    expect(res.status).toBe(400);
    const json = await t.request('POST', '/api/sample-submit-form/attachments', { body: { files: [] } });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
  });
});
