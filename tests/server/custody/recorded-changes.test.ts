import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SampleStatus } from '../../../src/shared/workflow/sample-workflow.ts';
import { appUser, auditRecord, sampleEntry, storedFile, thirdLabEntry } from '../../../src/server/db/schema.ts';
import { verifyAuditChain } from '../../../src/server/services/custody/audit-verification.ts';
import { RESULT, sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// Every bench form's API records every field it changes, and only real changes: each editable field
// changed alone appears in the entry's audit record; the record's own values sent back (as the form
// sends them) change nothing, write no audit record and bump no version, and the answer says so.

const t = useTestApp();

// Stored as the administrator's own upload: the forms below are sent by the administrator, and a
// file is attached only by its uploader (or someone who may already read it).
async function storeFile(kind: 'pdf' | 'image') {
  const [admin] = await t.database.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'admin'));
  const [file] = await t.database.db
    .insert(storedFile)
    .values({
      name: kind === 'pdf' ? 'result.pdf' : 'photo.png',
      mimeType: kind === 'pdf' ? 'application/pdf' : 'image/png',
      size: 8,
      kind,
      data: Buffer.from(kind === 'pdf' ? '%PDF-1.7' : 'PNGDATA!'),
      uploadedBy: admin!.id,
    })
    .returning();
  return file!;
}

async function auditOf(id: number) {
  return t.database.db
    .select()
    .from(auditRecord)
    .where(and(eq(auditRecord.entityType, 'sample_entry'), eq(auditRecord.entityId, String(id))))
    .orderBy(asc(auditRecord.id));
}

async function storedSample(id: number) {
  const [row] = await t.database.db.select().from(sampleEntry).where(eq(sampleEntry.id, id));
  return row!;
}

async function storedEntry(id: number) {
  const [row] = await t.database.db.select().from(thirdLabEntry).where(eq(thirdLabEntry.sampleEntryId, id));
  return row!;
}

type BenchForm = {
  name: string;
  stage: SampleStatus;
  action: string;
  path: (id: number) => string;
  /** What the form sends besides the changed field (a version, the fields the form always requires). */
  base: (sample: Awaited<ReturnType<typeof storedSample>>) => Record<string, unknown>;
  /** A new value for each editable field of the form. */
  changes: () => Promise<Record<string, unknown>>;
  /** The record's own values as the form sends them back when saved unchanged. */
  ownValues: (id: number) => Promise<Record<string, unknown>>;
  /** What an unchanged save must leave as it was. */
  snapshot: (id: number) => Promise<unknown>;
};

const versioned = (sample: { version: number }) => ({ version: sample.version });
const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

const FORMS: BenchForm[] = [
  {
    name: 'client-side lab Edit Sample (PUT /api/cs-lab/update)',
    stage: 'CsConfirmed',
    action: 'update',
    path: (id) => `/api/cs-lab/update?id=${id}`,
    base: versioned,
    changes: async () => ({
      sampleType: 'Wool',
      sampleCode: 'SC-002',
      source: 'Laboratory',
      fromClientInfo: 'Another client, Hanoi',
      receivedDate: '2026-03-03T10:30:00.000Z',
      receivedBy: 'Minh Tran',
      localCode: 'L-9',
      bnCode: 'BN-9',
      expectedConclusion: 'Consistent with Vietnam',
      sampleInformation: 'Fine fibre',
      isotopeMix: 'Mix A',
      isotopeColor: 'Blue',
      countryCode: 'VN',
      identificationNotes: 'Robusta, screen 16',
      unit: 'kg',
      initialWeight: 150,
      sentWeight: 20,
      storageArea: 'Shelf 3',
      note: 'Keep dry',
      fromIdflInfo: 'Earlier IDFL report',
      isPaid: true,
      smell: true,
      dirty: true,
      imageFileIds: [(await storeFile('image')).id],
      receivedCondition: 'damaged',
      receiptNote: 'Bag torn at one corner',
    }),
    // As Edit Sample fills itself from the record: the received date as a date field shows it, a day.
    ownValues: async (id) => {
      const s = await storedSample(id);
      return {
        sampleType: s.sampleType,
        sampleCode: s.sampleCode,
        source: s.source,
        fromClientInfo: s.fromClientInfo,
        fromIdflInfo: s.fromIdflInfo,
        receivedDate: isoDay(s.receivedDate),
        receivedBy: s.receivedBy,
        localCode: s.localCode,
        bnCode: s.bnCode,
        sampleInformation: s.sampleInformation,
        storageArea: s.storageArea,
        initialWeight: s.initialWeight,
        unit: s.unit,
        note: s.note,
        isPaid: s.isPaid,
        version: s.version,
      };
    },
    snapshot: storedSample,
  },
  {
    name: 'tester Update Sample (PUT /api/tester-lab/update-sample)',
    stage: 'TesterConfirmed',
    action: 'testerUpdate',
    path: (id) => `/api/tester-lab/update-sample?id=${id}`,
    base: versioned,
    changes: async () => ({
      sampleInformation: 'Green coffee beans',
      isotopeMix: 'Mix B',
      isotopeColor: 'Green',
      countryCode: 'VN',
      identificationNotes: 'Robusta, screen 16',
      unit: 'kg',
      initialWeight: 130,
      sentWeight: 15,
      storageArea: 'Cold room',
      smell: true,
      dirty: true,
      note: 'Sealed again',
      imageFileIds: [(await storeFile('image')).id],
      expectedConclusion: 'Consistent with Vietnam',
      localCode: 'LC-7',
      bnCode: 'BN-7',
    }),
    ownValues: async (id) => {
      const s = await storedSample(id);
      return {
        sampleInformation: s.sampleInformation ?? 'Beans',
        isotopeMix: s.isotopeMix ?? 'Mix',
        isotopeColor: s.isotopeColor,
        countryCode: s.countryCode ?? 'VN',
        identificationNotes: s.identificationNotes ?? 'Notes',
        unit: s.unit,
        initialWeight: s.initialWeight,
        sentWeight: s.sentWeight,
        storageArea: s.storageArea,
        smell: s.smell,
        dirty: s.dirty,
        note: s.note,
        imageFileIds: s.imageFileIds,
        expectedConclusion: s.expectedConclusion ?? 'Vietnam',
        localCode: s.localCode ?? 'LC',
        bnCode: s.bnCode,
        version: s.version,
      };
    },
    snapshot: storedSample,
  },
  {
    name: 'third lab Update Result (PUT /api/third-lab/update-result)',
    stage: 'ThirdLabConfirmed',
    action: 'updateResult',
    path: (id) => `/api/third-lab/update-result?id=${id}`,
    // The result form always sends the three values.
    base: () => ({ ...RESULT }),
    changes: async () => ({
      carbon: -26.5,
      hydrogen: -60.2,
      oxygen: 25.9,
      notes: 'Repeated once',
      reportFileId: (await storeFile('pdf')).id,
    }),
    ownValues: async (id) => {
      const e = await storedEntry(id);
      return { carbon: e.carbon, hydrogen: e.hydrogen, oxygen: e.oxygen, notes: e.notes, reportFileId: e.reportFileId };
    },
    snapshot: async (id) => ({ sample: await storedSample(id), entry: await storedEntry(id) }),
  },
  {
    name: 'supervisor conclusion (PUT /api/supervisor-lab/conclusion-lab/update)',
    stage: 'ResultReturned',
    action: 'updateConclusion',
    path: (id) => `/api/supervisor-lab/conclusion-lab/update?id=${id}`,
    base: (s) => ({ expectedConclusion: s.expectedConclusion ?? 'Consistent with Vietnam', version: s.version }),
    changes: async () => ({
      expectedConclusion: 'Consistent with Brazil',
      conclusion: 'Consistent with the claimed origin',
      predictedOrigin: 'Central Highlands',
      consistentWithPredictedOrigin: true,
      consistentWithXinjiangOrigin: false,
      evaluationByRegionRatio: { 'Central Highlands': 85, 'Mekong Delta': 15 },
      evaluationByMixRatio: { Robusta: 70, Arabica: 30 },
    }),
    ownValues: async (id) => {
      const s = await storedSample(id);
      return {
        expectedConclusion: s.expectedConclusion,
        conclusion: s.conclusion,
        predictedOrigin: s.predictedOrigin,
        consistentWithPredictedOrigin: s.consistentWithPredictedOrigin,
        consistentWithXinjiangOrigin: s.consistentWithXinjiangOrigin,
        // The same ratios in another key order: json is compared canonically.
        evaluationByRegionRatio: s.evaluationByRegionRatio
          ? Object.fromEntries(Object.entries(s.evaluationByRegionRatio).reverse())
          : null,
        evaluationByMixRatio: s.evaluationByMixRatio,
        version: s.version,
      };
    },
    snapshot: storedSample,
  },
];

describe('[CUSTODY] every bench form records each field it changes, and only real changes', () => {
  for (const form of FORMS) {
    it(`${form.name}: each editable field's change is in the audit record`, async () => {
      const admin = await t.signInAsAdmin();
      const { id } = await sampleAt(t, admin, form.stage);
      const changes = await form.changes();
      for (const [field, value] of Object.entries(changes)) {
        const before = await auditOf(id);
        const res = await t.request('PUT', form.path(id), {
          token: admin,
          body: { ...form.base(await storedSample(id)), [field]: value },
        });
        expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.unchanged, field).toBe(false);
        const added = (await auditOf(id)).slice(before.length);
        expect(
          added.map((r) => r.action),
          field,
        ).toEqual([form.action]);
        expect(Object.keys(added[0]!.changes), field).toContain(field);
        const to = (added[0]!.changes as Record<string, { to: unknown }>)[field]!.to;
        expect(to, field).toEqual(value);
      }
      expect((await verifyAuditChain(t.database.db)).valid).toBe(true);
    });

    it(`${form.name}: the record's own values sent back change nothing and write nothing`, async () => {
      const admin = await t.signInAsAdmin();
      const { id } = await sampleAt(t, admin, form.stage);
      // Fill the form once, so that every field it shows holds a value.
      const filled = await t.request('PUT', form.path(id), {
        token: admin,
        body: { ...form.base(await storedSample(id)), ...(await form.changes()) },
      });
      expect(filled.status, JSON.stringify(filled.body)).toBe(200);
      const audit = await auditOf(id);
      const before = await form.snapshot(id);

      const res = await t.request('PUT', form.path(id), { token: admin, body: await form.ownValues(id) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ result: true, unchanged: true, message: 'No changes to save.' });
      expect(await form.snapshot(id)).toEqual(before);
      expect(await auditOf(id)).toEqual(audit);
    });
  }

  it('keeps the time of day of the received date when Edit Sample sends only its day, changed or not', async () => {
    const admin = await t.signInAsAdmin();
    const { id } = await sampleAt(t, admin, 'CsConfirmed');
    const stored = await storedSample(id);
    expect(stored.receivedDate!.toISOString()).toBe('2026-03-02T09:00:00.000Z');

    const same = await t.request('PUT', `/api/cs-lab/update?id=${id}`, {
      token: admin,
      body: { receivedDate: '2026-03-02', version: stored.version },
    });
    expect(same.body.unchanged).toBe(true);
    expect((await storedSample(id)).receivedDate!.toISOString()).toBe('2026-03-02T09:00:00.000Z');

    const nextDay = await t.request('PUT', `/api/cs-lab/update?id=${id}`, {
      token: admin,
      body: { receivedDate: '2026-03-03', version: stored.version },
    });
    expect(nextDay.body.unchanged).toBe(false);
    expect((await storedSample(id)).receivedDate!.toISOString()).toBe('2026-03-03T09:00:00.000Z');
    const [last] = (await auditOf(id)).slice(-1);
    expect(last!.changes).toEqual({
      receivedDate: { from: '2026-03-02T09:00:00.000Z', to: '2026-03-03T09:00:00.000Z' },
    });
  });

  it('answers a stale version of an unchanged save as before: 409 with the current record', async () => {
    const admin = await t.signInAsAdmin();
    const { id } = await sampleAt(t, admin, 'CsConfirmed');
    const stored = await storedSample(id);
    const stale = await t.request('PUT', `/api/cs-lab/update?id=${id}`, {
      token: admin,
      body: { note: stored.note, version: stored.version - 1 },
    });
    expect(stale.status).toBe(409);
  });
});
