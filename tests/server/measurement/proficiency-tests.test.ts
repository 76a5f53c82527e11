import Papa from 'papaparse';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, nonconformity } from '../../../src/server/db/schema.ts';
import { useTestApp } from '../support/test-app.ts';

// Proficiency tests through the real app: the supervisor records a round's result, the server
// computes z = (laboratory − assigned) / σp and its class, the history is read back as a list and
// as CSV in both languages.

const t = useTestApp();

const ROUND = {
  scheme: 'FIT-PTS',
  round: '2026-1',
  roundDate: '2026-02-10',
  material: 'Sugar (beet)',
  element: 'carbon',
  assignedValue: -26.1,
  laboratoryValue: -26.25,
};

const supervisorToken = async () => (await t.userWith(['CanManageReferenceMaterial'])).token;

async function record(token: string, body: Record<string, unknown>) {
  return t.request('POST', '/api/qc/proficiency-tests', { token, body });
}

describe('[QC] proficiency tests', () => {
  it('computes z with the element’s default σp or the scheme’s, classes it and audits each write', async () => {
    const token = await supervisorToken();
    // δ13C, σp 0.15 by default: z = (−26.25 − −26.1) / 0.15 = −1.
    const one = await record(token, ROUND);
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.data).toMatchObject({ sigma: 0.15, z: -1, outcome: 'satisfactory', element: 'carbon' });
    // δ2H, σp 1.5: z = (−60.5 − −64.4) / 1.5 = 2.6, questionable.
    const two = await record(token, {
      ...ROUND,
      element: 'hydrogen',
      assignedValue: -64.4,
      laboratoryValue: -60.5,
      roundDate: '2026-03-01',
    });
    expect(two.body.data).toMatchObject({ sigma: 1.5, z: 2.6, outcome: 'questionable' });
    // The scheme's σp when given: z = (8.9 − 8.0) / 0.25 = 3.6 with σp 0.25 by default for δ18O; 0.5 given: 1.8.
    const given = await record(token, {
      ...ROUND,
      element: 'oxygen',
      assignedValue: 8,
      laboratoryValue: 8.9,
      sigma: 0.5,
    });
    expect(given.body.data).toMatchObject({ sigma: 0.5, z: 1.8, outcome: 'satisfactory' });
    const unsatisfactory = await record(token, { ...ROUND, element: 'oxygen', assignedValue: 8, laboratoryValue: 8.9 });
    expect(unsatisfactory.body.data).toMatchObject({ sigma: 0.25, z: 3.6, outcome: 'unsatisfactory' });
    // δ34S's default σp is 0.3 ‰; z computed by the server whatever the caller sends.
    const sulfur = await record(token, { ...ROUND, element: 'sulfur', assignedValue: 5, laboratoryValue: 5.6, z: 0 });
    expect(sulfur.body.data).toMatchObject({ sigma: 0.3, z: 2, outcome: 'satisfactory' });

    const audits = await t.database.db
      .select()
      .from(auditRecord)
      .where(and(eq(auditRecord.entityType, 'proficiency_test'), eq(auditRecord.action, 'create')));
    expect(audits).toHaveLength(5);

    const list = await t.request('GET', '/api/qc/proficiency-tests?element=oxygen', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.items.map((r: any) => r.outcome).sort()).toEqual(['satisfactory', 'unsatisfactory']);
    const all = await t.request('GET', '/api/qc/proficiency-tests', { token });
    // Newest round first.
    expect(all.body.data.items[0]).toMatchObject({ element: 'hydrogen', roundDate: '2026-03-01' });
    // The first write of a worker waits for its database.
  }, 120_000);

  it('opens a non-conformity for an unsatisfactory round, released by a supervisor other than its entrant', async () => {
    const permissions = ['CanManageReferenceMaterial', 'CanViewNonConformity', 'CanReleaseNonConformity'] as const;
    const entrant = await t.userWith(permissions);
    const second = await t.userWith(permissions);
    // A questionable round (z = 2.6) opens none; an unsatisfactory one (z = 3.6) opens one, in its transaction.
    const questionable = await record(entrant.token, {
      ...ROUND,
      element: 'oxygen',
      assignedValue: 8,
      laboratoryValue: 8.65,
    });
    expect(questionable.body.data).toMatchObject({ outcome: 'questionable', nonconformity: null });
    const failed = await record(entrant.token, { ...ROUND, element: 'oxygen', assignedValue: 8, laboratoryValue: 8.9 });
    expect(failed.status, JSON.stringify(failed.body)).toBe(201);
    const opened = failed.body.data.nonconformity;
    expect(opened).toMatchObject({ id: expect.any(Number), status: 'open' });

    // Those who may release it hear of it; a questionable round tells no one.
    const bell = await t.request('GET', '/api/notification', { token: second.token });
    expect(bell.body.data.items).toEqual([
      expect.objectContaining({
        kind: 'proficiencyUnsatisfactory',
        message: `Proficiency round FIT-PTS 2026-1 was unsatisfactory (z = 3.6): non-conformity no. ${opened.id} is open until a supervisor releases it.`,
        link: '/nonconformities',
        params: { number: opened.id, round: 'FIT-PTS 2026-1', z: 3.6 },
      }),
    ]);

    const list = await t.request('GET', '/api/qc/nonconformities?status=open', { token: second.token });
    expect(list.status).toBe(200);
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]).toMatchObject({
      id: opened.id,
      measurementRunId: null,
      runFileName: null,
      proficiencyTest: { id: failed.body.data.id, scheme: 'FIT-PTS', round: '2026-1', element: 'oxygen', z: 3.6 },
      importedBy: entrant.id,
      importedByName: `Test ${entrant.username}`,
      rules: [],
      samples: [],
    });
    const rounds = await t.request('GET', '/api/qc/proficiency-tests?element=oxygen', { token: second.token });
    expect(rounds.body.data.items.map((r: any) => r.nonconformity)).toEqual([{ id: opened.id, status: 'open' }, null]);
    const opening = await t.database.db
      .select()
      .from(auditRecord)
      .where(and(eq(auditRecord.entityType, 'nonconformity'), eq(auditRecord.entityId, String(opened.id))));
    expect(opening).toMatchObject([
      { action: 'open', reason: 'Proficiency test FIT-PTS 2026-1 unsatisfactory (z = 3.6)' },
    ]);

    const release = (token: string) =>
      t.request('POST', `/api/qc/nonconformities/${opened.id}/release`, {
        token,
        body: {
          justification: 'Oxygen reference gas replaced; the round re-measured in agreement.',
          password: 'password-123',
        },
      });
    const byEntrant = await release(entrant.token);
    expect(byEntrant.status).toBe(403);
    expect(byEntrant.body).toMatchObject({
      code: 'qcReleaseByEntrant',
      message: 'You entered this proficiency round, so another supervisor must release its non-conformity.',
    });
    const released = await release(second.token);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data).toMatchObject({
      status: 'released',
      releasedBy: second.id,
      proficiencyTest: { z: 3.6 },
    });
    const after = await t.request('GET', '/api/qc/proficiency-tests?element=oxygen', { token: second.token });
    expect(after.body.data.items[0].nonconformity).toEqual({ id: opened.id, status: 'released' });
  });

  it('keeps a non-conformity to one source: a run or a round, never both or neither', async () => {
    await expect(t.database.db.insert(nonconformity).values({ rules: [] })).rejects.toThrow();
  });

  it('refuses bad input with field messages, and nothing is written', async () => {
    const token = await supervisorToken();
    const bad = await record(token, {
      ...ROUND,
      scheme: '  ',
      roundDate: '2026-02-30',
      element: 'lead',
      laboratoryValue: 'about −26',
      sigma: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      scheme: 'Name the scheme',
      roundDate: 'Enter a real date',
      element: 'Choose carbon, nitrogen, hydrogen, oxygen or sulfur',
      laboratoryValue: 'Enter a number',
      sigma: 'Enter a σp above 0 ‰',
    });
    const missing = await record(token, { scheme: 'FIT-PTS' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(
      expect.arrayContaining(['roundDate', 'material', 'element', 'assignedValue', 'laboratoryValue']),
    );
    const badFilter = await t.request('GET', '/api/qc/proficiency-tests?element=lead', { token });
    expect(badFilter.status).toBe(400);
    expect((await t.request('GET', '/api/qc/proficiency-tests', { token })).body.data.total).toBe(0);
  });

  it('lets the supervisor write and the staff who see the runs read', async () => {
    const lab = await t.userWith(['CanImportMeasurementRun', 'CanViewMeasurementRun']);
    expect((await record(lab.token, ROUND)).status).toBe(403);
    expect((await t.request('GET', '/api/qc/proficiency-tests', { token: lab.token })).status).toBe(200);
    const other = await t.userWith(['CanViewAllCountry']);
    expect((await t.request('GET', '/api/qc/proficiency-tests', { token: other.token })).status).toBe(403);
    const admin = await t.signInAsAdmin();
    expect((await record(admin, ROUND)).status).toBe(201);
  });

  it('exports the history of an element as CSV, in English and Vietnamese, with formula text defused', async () => {
    const token = await supervisorToken();
    await record(token, { ...ROUND, scheme: '=HYPERLINK("http://x")', notes: 'Re-run; capsule leaked' });
    await record(token, { ...ROUND, roundDate: '2026-01-05', laboratoryValue: -25.5 });
    await record(token, { ...ROUND, element: 'nitrogen', assignedValue: 3, laboratoryValue: 3.1 });
    const res = await t.request('GET', '/api/qc/proficiency-tests/export?element=carbon&lang=en', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/proficiency-tests-carbon-\d{4}-\d{2}-\d{2}\.csv/);
    const text = await res.raw.text();
    const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Proficiency tests']);
    expect(rows[1]).toEqual(['Element', 'Carbon (δ13C)']);
    const header = rows.findIndex((r) => r[0] === 'Round date');
    expect(rows[header]).toEqual([
      'Round date',
      'Scheme',
      'Round',
      'Material',
      'Element',
      'Assigned value (‰)',
      "Laboratory's value (‰)",
      'σp (‰)',
      'z',
      'Outcome',
      'Notes',
      'Entered by',
    ]);
    const body = rows.slice(header + 1);
    expect(body).toHaveLength(2);
    expect(body[0]!.slice(0, 2)).toEqual(['2026-02-10', '\'=HYPERLINK("http://x")']);
    expect(body[0]!.slice(4, 11)).toEqual([
      'Carbon (δ13C)',
      '-26.1',
      '-26.25',
      '0.15',
      '-1',
      'Satisfactory',
      'Re-run; capsule leaked',
    ]);
    // z = (−25.5 − −26.1) / 0.15 = 4: unsatisfactory.
    expect(body[1]!.slice(8, 10)).toEqual(['4', 'Unsatisfactory']);

    const vi = await t.request('GET', '/api/qc/proficiency-tests/export?element=carbon&lang=vi', { token });
    const viRows = Papa.parse<string[]>((await vi.raw.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(viRows[0]).toEqual(['Thử nghiệm thành thạo']);
    expect(viRows.at(-1)!.slice(8, 10)).toEqual(['4', 'Không đạt']);
  });
});
