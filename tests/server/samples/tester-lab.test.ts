import { describe, expect, it } from 'vitest';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';
import { labToday } from '../support/lab-day.ts';

const t = useTestApp();

const TESTER_FORM = {
  sampleInformation: 'Raw cotton fibre, white',
  isotopeMix: 'None',
  isotopeColor: 'White',
  countryCode: 'VN',
  identificationNotes: 'Label matches the order',
  unit: 'g',
  initialWeight: 120,
  sentWeight: 45.5,
  storageArea: 'Cold room 2',
  smell: false,
  dirty: true,
  note: 'Dusty bag',
  expectedConclusion: 'Vietnam',
  localCode: 'LC-9',
  bnCode: 'BN-77',
};

async function draftBatch(token: string, packageCode?: string) {
  const res = await t.request('POST', '/api/sample-dispatch-batch', {
    token,
    body: { packageName: 'Box', shippmentNumber: 'SHIP-9', packageCode },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('[TESTER LAB] check in', () => {
  it('confirms a sample sent to the tester and records who received it', async () => {
    const admin = await t.signInAsAdmin();
    const tester = await t.userWith(['CanCheckInSampleEntryTester']);
    const sample = await sampleAt(t, admin, 'SentToTester');
    const res = await t.request('PUT', `/api/tester-lab/check-in?id=${sample.id}`, { token: tester.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'TesterConfirmed', testerReceivedBy: tester.id });
    expect(res.body.data.testerReceivedDate).toEqual(expect.any(String));
    const again = await t.request('PUT', `/api/tester-lab/check-in?id=${sample.id}`, { token: tester.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'sampleAlreadyDone',
      message: `Sample ${sample.idflNumber} is already TesterConfirmed: this change was made elsewhere first.`,
    });
  });

  it('refuses a sample still at the client-side lab, and users without the permission', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'CsConfirmed');
    const res = await t.request('PUT', `/api/tester-lab/check-in?id=${sample.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Sample ${sample.idflNumber} is CsConfirmed; this action needs SentToTester.`);
    const other = await t.userWith(['CanUpdateSampleEntryTester']);
    expect((await t.request('PUT', `/api/tester-lab/check-in?id=${sample.id}`, { token: other.token })).status).toBe(
      403,
    );
    expect((await t.request('PUT', '/api/tester-lab/check-in?id=0', { token: admin })).status).toBe(400);
    expect((await t.request('PUT', '/api/tester-lab/check-in?id=424242', { token: admin })).status).toBe(404);
  });
});

describe('[TESTER LAB] update sample', () => {
  it('saves the tester form, computes the remaining weight and audits the changes', async () => {
    const admin = await t.signInAsAdmin();
    const tester = await t.userWith(['CanUpdateSampleEntryTester', 'CanViewDetailSampleEntryTester']);
    const sample = await sampleAt(t, admin, 'TesterConfirmed');
    const res = await t.request('PUT', `/api/tester-lab/update-sample?id=${sample.id}`, {
      token: tester.token,
      body: { ...TESTER_FORM, version: sample.version },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ ...TESTER_FORM, remainingWeight: 74.5 });
    const detail = await t.request('GET', `/api/tester-lab/get-detail/${sample.id}`, { token: tester.token });
    const last = detail.body.data.timeline.at(-1);
    expect(last).toMatchObject({ action: 'testerUpdate', actorId: tester.id });
    expect(last.changes.remainingWeight).toEqual({ from: 120, to: 74.5 });
  });

  it('answers blank required fields with the spec messages', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'TesterConfirmed');
    const res = await t.request('PUT', `/api/tester-lab/update-sample?id=${sample.id}`, {
      token: admin,
      body: {
        sampleInformation: '',
        isotopeMix: '',
        countryCode: '',
        identificationNotes: '',
        unit: '',
        expectedConclusion: '',
        localCode: '',
        initialWeight: null,
        version: sample.version,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      sampleInformation: 'Sample information is required',
      isotopeMix: 'Isotopemix is required',
      countryCode: 'Country is required',
      identificationNotes: 'Identification is required',
      unit: 'Unit is required',
      initialWeight: 'Weight is required',
      expectedConclusion: 'Expected conclusion is required',
      localCode: 'Local code is required',
    });
  });

  it('refuses sent weight above the initial weight, stale versions, unknown images and the wrong state', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'TesterConfirmed');
    const tooMuch = await t.request('PUT', `/api/tester-lab/update-sample?id=${sample.id}`, {
      token: admin,
      body: { sentWeight: 121, version: sample.version },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toEqual({ sentWeight: 'Sent weight cannot exceed the initial weight' });
    const stale = await t.request('PUT', `/api/tester-lab/update-sample?id=${sample.id}`, {
      token: admin,
      body: { note: 'x', version: sample.version - 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: sample.id, version: sample.version });
    const images = await t.request('PUT', `/api/tester-lab/update-sample?id=${sample.id}`, {
      token: admin,
      body: { imageFileIds: ['00000000-0000-4000-8000-000000000000'], version: sample.version },
    });
    expect(images.status).toBe(400);
    expect(images.body.errors).toEqual({ 'imageFileIds.0': 'File not found' });
    const early = await sampleAt(t, admin, 'CsConfirmed');
    const wrong = await t.request('PUT', `/api/tester-lab/update-sample?id=${early.id}`, {
      token: admin,
      body: { note: 'x', version: early.version },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(
      `Sample ${early.idflNumber} is CsConfirmed; this action needs SentToTester or TesterConfirmed.`,
    );
    const other = await t.userWith(['CanCheckInSampleEntryTester']);
    expect(
      (
        await t.request('PUT', `/api/tester-lab/update-sample?id=${sample.id}`, {
          token: other.token,
          body: { note: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('[TESTER LAB] undo status', () => {
  it('sends SentToTester and TesterConfirmed samples back to CsConfirmed', async () => {
    const admin = await t.signInAsAdmin();
    const tester = await t.userWith(['CanUndoStatusIsotopeForTester']);
    for (const status of ['SentToTester', 'TesterConfirmed'] as const) {
      const sample = await sampleAt(t, admin, status);
      const res = await t.request('PUT', `/api/tester-lab/undo-status-isotope?id=${sample.id}&Status=CsConfirmed`, {
        token: tester.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'CsConfirmed', sentToTesterDate: null, testerReceivedBy: null });
      const trail = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: admin });
      expect(trail.body.data.at(-1)).toMatchObject({
        action: 'undoTester',
        fromStatus: status,
        toStatus: 'CsConfirmed',
        reason: 'Undone by tester lab',
      });
    }
  });

  it('takes a sample out of its Draft package when undone', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'TesterConfirmed');
    const batch = await draftBatch(admin);
    await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${sample.id}`, {
      token: admin,
      body: { packageCode: batch.packageCode },
    });
    const res = await t.request('PUT', `/api/tester-lab/undo-status-isotope?id=${sample.id}&Status=CsConfirmed`, {
      token: admin,
    });
    expect(res.body.data).toMatchObject({ status: 'CsConfirmed', packageCode: null, dispatchBatchId: null });
  });

  it('accepts only CsConfirmed as the target and refuses other states', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'SentToTester');
    const target = await t.request('PUT', `/api/tester-lab/undo-status-isotope?id=${sample.id}&Status=New`, {
      token: admin,
    });
    expect(target.status).toBe(400);
    expect(target.body.errors).toEqual({ Status: 'Status must be CsConfirmed' });
    const early = await sampleAt(t, admin, 'CsConfirmed');
    const res = await t.request('PUT', `/api/tester-lab/undo-status-isotope?id=${early.id}&Status=CsConfirmed`, {
      token: admin,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Sample ${early.idflNumber} is CsConfirmed; this action needs SentToTester or TesterConfirmed.`,
    );
    const away = await sampleAt(t, admin, 'SentToThirdLab');
    const late = await t.request('PUT', `/api/tester-lab/undo-status-isotope?id=${away.id}&Status=CsConfirmed`, {
      token: admin,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('is SentToThirdLab');
    const other = await t.userWith(['CanCheckInSampleEntryTester']);
    expect(
      (
        await t.request('PUT', `/api/tester-lab/undo-status-isotope?id=${sample.id}&Status=CsConfirmed`, {
          token: other.token,
        })
      ).status,
    ).toBe(403);
  });
});

describe('[TESTER LAB] transfer to third lab', () => {
  it('puts a TesterConfirmed sample into a Draft package without sending it', async () => {
    const admin = await t.signInAsAdmin();
    const tester = await t.userWith(['CanTransferSampleEntryToThirdLab']);
    const sample = await sampleAt(t, admin, 'TesterConfirmed');
    const batch = await draftBatch(admin, 'PKG-TEST-1');
    const res = await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${sample.id}`, {
      token: tester.token,
      body: { packageCode: 'PKG-TEST-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Sample ${sample.idflNumber} has been added to package PKG-TEST-1.`);
    expect(res.body.data).toMatchObject({
      status: 'TesterConfirmed',
      packageCode: 'PKG-TEST-1',
      dispatchBatchId: batch.id,
    });
  });

  it('refuses other states, unknown or sent packages, a sample in another package, and a missing code', async () => {
    const admin = await t.signInAsAdmin();
    const batch = await draftBatch(admin, 'PKG-TEST-2');
    const early = await sampleAt(t, admin, 'SentToTester');
    const wrong = await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${early.id}`, {
      token: admin,
      body: { packageCode: batch.packageCode },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(`Sample ${early.idflNumber} is SentToTester; this action needs TesterConfirmed.`);
    const ready = await sampleAt(t, admin, 'TesterConfirmed');
    const unknown = await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${ready.id}`, {
      token: admin,
      body: { packageCode: 'PKG-NOPE' },
    });
    expect(unknown.status).toBe(404);
    const missing = await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${ready.id}`, {
      token: admin,
      body: {},
    });
    expect(missing.body.errors).toEqual({ packageCode: 'Package code is required' });
    await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${ready.id}`, {
      token: admin,
      body: { packageCode: 'PKG-TEST-2' },
    });
    const other = await draftBatch(admin, 'PKG-TEST-3');
    const moved = await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${ready.id}`, {
      token: admin,
      body: { packageCode: other.packageCode },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(`Sample ${ready.idflNumber} is already in package PKG-TEST-2.`);
    await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, { token: admin });
    const another = await sampleAt(t, admin, 'TesterConfirmed');
    const sent = await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${another.id}`, {
      token: admin,
      body: { packageCode: 'PKG-TEST-2' },
    });
    expect(sent.status).toBe(409);
    expect(sent.body.message).toBe(
      'Package PKG-TEST-2 has already been sent; only a package not yet sent can be changed.',
    );
    const nobody = await t.userWith(['CanCheckInSampleEntryTester']);
    expect(
      (
        await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${another.id}`, {
          token: nobody.token,
          body: { packageCode: 'PKG-TEST-3' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('[TESTER LAB] list', () => {
  it('shows samples from SentToTester on, with the tester filters, to either tester permission', async () => {
    const admin = await t.signInAsAdmin();
    const cs = await t.userWith(
      [
        'CanCreateSampleEntryCs',
        'CanCheckInSampleEntryCs',
        'CanTransferSampleEntryToTester',
        'CanViewDetailSampleEntryCs',
      ],
      'carol',
    );
    await sampleAt(t, admin, 'CsConfirmed');
    const byCarol = await sampleAt(t, cs.token, 'SentToTester');
    const byAdmin = await sampleAt(t, admin, 'TesterConfirmed');
    const shipped = await sampleAt(t, admin, 'SentToThirdLab', { packageCode: 'PKG-LIST-1' });
    const viewer = await t.userWith(['CanViewDetailSampleEntryTester']);
    const get = async (query: string) => {
      const res = await t.request('GET', `/api/tester-lab/get-all?${query}`, { token: viewer.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.items as any[]).map((s) => s.id).sort();
    };
    expect(await get('')).toEqual([byCarol.id, byAdmin.id, shipped.id].sort());
    expect(await get('status=CsConfirmed')).toEqual([]);
    expect(await get('status=SentToTester')).toEqual([byCarol.id]);
    expect(await get('sentToTesterByUser=carol')).toEqual([byCarol.id]);
    expect(await get(`sentToTesterByUser=${cs.id}`)).toEqual([byCarol.id]);
    const today = labToday();
    expect(await get(`sentToTesterFromDate=${today}&sentToTesterToDate=${today}`)).toHaveLength(3);
    expect(await get(`sentToThirdLabFromDate=${today}&sentToThirdLabToDate=${today}`)).toEqual([shipped.id]);
    expect(await get('packageCode=PKG-LIST-1')).toEqual([shipped.id]);
    const other = await t.userWith(['CanViewAllSampleEntryTester']);
    expect((await t.request('GET', '/api/tester-lab/get-all', { token: other.token })).status).toBe(200);
    const none = await t.userWith(['CanViewAllSampleEntryCs']);
    expect((await t.request('GET', '/api/tester-lab/get-all', { token: none.token })).status).toBe(403);
  });
});
