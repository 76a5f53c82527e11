import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanIsotopeRecord } from '../../../src/server/db/schema.ts';
import { fireSampleAction } from '../../../src/server/services/samples/sample-transitions.ts';
import { statusesBetween } from '../../../src/shared/workflow/sample-workflow.ts';
import {
  CONCLUSION_REQUIRED,
  DEPARTURE_REASON_REQUIRED,
  ORIGIN_ANALYSIS_REQUIRED,
} from '../../../src/shared/certificate-readiness.ts';
import { importCottonReferences, saveOriginAnalysis } from '../support/origin-analysis.ts';
import { JOURNEY_ORIGIN_REASON, RESULT, sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

const CONCLUSION = {
  expectedConclusion: 'Vietnam',
  conclusion: 'Consistent with Vietnam',
  predictedOrigin: 'Vietnam',
  consistentWithPredictedOrigin: true,
  consistentWithXinjiangOrigin: false,
  evaluationByRegionRatio: { Vietnam: 82.5, China: 17.5 },
  evaluationByMixRatio: { 'Vietnam/China': 10 },
};

describe('[SUPERVISOR] conclusion', () => {
  it('requires the expected conclusion and saves the conclusion fields', async () => {
    const admin = await t.signInAsAdmin();
    const supervisor = await t.userWith(['CanUpdateSampleEntrySupervisor']);
    const sample = await sampleAt(t, admin, 'ResultReturned');
    const missing = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: supervisor.token,
      body: { conclusion: 'x', version: sample.version },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ expectedConclusion: 'Expected conclusion is required' });
    const res = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: supervisor.token,
      body: { ...CONCLUSION, version: sample.version },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ ...CONCLUSION, status: 'ResultReturned' });
    const stale = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: supervisor.token,
      body: { ...CONCLUSION, conclusion: 'changed', version: sample.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ conclusion: CONCLUSION.conclusion });
  });

  it('refuses a conclusion before the third lab has the sample, and users without the permission', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'TesterConfirmed');
    const res = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: { ...CONCLUSION, version: sample.version },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Sample ${sample.idflNumber} is TesterConfirmed; this action needs ThirdLabConfirmed or ResultReturned.`,
    );
    const other = await t.userWith(['CanConfirmFinalResult']);
    expect(
      (
        await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
          token: other.token,
          body: { ...CONCLUSION, version: sample.version },
        })
      ).status,
    ).toBe(403);
  });
});

describe('[SUPERVISOR] confirm final result', () => {
  it('confirms a returned result with a conclusion and a saved origin analysis', async () => {
    const admin = await t.signInAsAdmin();
    const supervisor = await t.userWith(['CanConfirmFinalResult']);
    const sample = await sampleAt(t, admin, 'ResultReturned');
    const confirm = () =>
      t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, { token: supervisor.token });
    const noConclusion = await confirm();
    expect(noConclusion.status).toBe(409);
    expect(noConclusion.body.message).toBe(
      `Sample ${sample.idflNumber} has no conclusion; record a conclusion before confirming the final result.`,
    );
    expect(noConclusion.body.errors).toEqual({
      conclusion: CONCLUSION_REQUIRED,
      originReason: ORIGIN_ANALYSIS_REQUIRED,
    });

    // A conclusion without an analysis: refused, naming the missing analysis.
    const concluded = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: { ...CONCLUSION, predictedOrigin: null, version: sample.version },
    });
    expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
    const noAnalysis = await confirm();
    expect(noAnalysis.status).toBe(409);
    expect(noAnalysis.body.code).toBe('noOriginAnalysis');
    expect(noAnalysis.body.errors).toEqual({ originReason: ORIGIN_ANALYSIS_REQUIRED });

    await importCottonReferences(t, admin);
    await saveOriginAnalysis(t, admin, concluded.body.data);
    const res = await confirm();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ResultConfirmed', finalResultConfirmedBy: supervisor.id });
    const again = await confirm();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Sample ${sample.idflNumber} is already ResultConfirmed: this change was made elsewhere first.`,
    );
  });

  it('refuses a conclusion made only of invisible characters, in the form and at the confirmation', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned');
    const invisible = '\u200B\u2060 \u200C\u200D\uFEFF\u00AD\u3000\u00A0';
    const blankExpected = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: { expectedConclusion: invisible, version: sample.version },
    });
    expect(blankExpected.status).toBe(400);
    expect(blankExpected.body.errors).toEqual({ expectedConclusion: 'Expected conclusion is required' });
    const saved = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: { expectedConclusion: 'Vietnam', conclusion: invisible, originReason: invisible, version: sample.version },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, {
      token: (await t.userWith(['CanConfirmFinalResult'])).token,
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ conclusion: CONCLUSION_REQUIRED, originReason: ORIGIN_ANALYSIS_REQUIRED });
    const detail = await t.request('GET', `/api/supervisor-lab/get-detail/${sample.id}`, { token: admin });
    expect(detail.body.data.status).toBe('ResultReturned');
  });

  it('confirms without an analysis when the laboratory records its reason', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned');
    await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: { ...CONCLUSION, originReason: 'No reference set for this material yet', version: sample.version },
    });
    const res = await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, {
      token: (await t.userWith(['CanConfirmFinalResult'])).token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.originReason).toBe('No reference set for this material yet');
  });

  it("asks for the reason when the supervisor's predicted origin departs from the saved analysis", async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned');
    await importCottonReferences(t, admin);
    const { version } = await saveOriginAnalysis(t, admin, sample);
    const analysed = await t.request('GET', `/api/supervisor-lab/origin-analysis/${sample.id}`, { token: admin });
    expect(analysed.status, JSON.stringify(analysed.body)).toBe(200);
    expect(analysed.body.data).toMatchObject({ prediction: 'VN', material: 'Cotton', isAtypical: false });
    expect(analysed.body.data.leadingRegions[0]).toMatchObject({ region: 'VN' });
    expect(analysed.body.data.claimed).toMatchObject({ region: 'VN', verdict: 'consistent' });
    expect(analysed.body.data.xinjiang).toMatchObject({ region: 'Xinjiang', verdict: 'inconsistent' });

    // The supervisor types another origin than the model predicts.
    const typed = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: { ...CONCLUSION, predictedOrigin: 'TH', version },
    });
    expect(typed.status).toBe(200);
    const supervisor = await t.userWith(['CanConfirmFinalResult']);
    const departs = await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, {
      token: supervisor.token,
    });
    expect(departs.status).toBe(409);
    expect(departs.body.errors).toEqual({ originReason: DEPARTURE_REASON_REQUIRED });
    await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: {
        ...CONCLUSION,
        predictedOrigin: 'TH',
        originReason: 'The client documented a Thai spinning mill',
        version: typed.body.data.version,
      },
    });
    const res = await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, {
      token: supervisor.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.request('GET', '/api/supervisor-lab/origin-analysis/999999', { token: admin })).status).toBe(404);
  });

  it('keeps four eyes: whoever entered the result cannot confirm it', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned', { resultToken: admin });
    await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: { ...CONCLUSION, originReason: JOURNEY_ORIGIN_REASON, version: sample.version },
    });
    const res = await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, { token: admin });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Four eyes: you entered this result, so someone else must confirm the final result.');
    const detail = await t.request('GET', `/api/supervisor-lab/get-detail/${sample.id}`, { token: admin });
    expect(detail.body.data.status).toBe('ResultReturned');
    const colleague = await t.userWith(['CanConfirmFinalResult']);
    expect(
      (await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, { token: colleague.token }))
        .status,
    ).toBe(200);
  });

  it('refuses samples whose result is not returned, and users without the permission', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const res = await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Sample ${sample.idflNumber} is ThirdLabConfirmed; this action needs ResultReturned.`,
    );
    const other = await t.userWith(['CanUpdateSampleEntrySupervisor']);
    expect(
      (await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, { token: other.token }))
        .status,
    ).toBe(403);
  });
});

describe('[SUPERVISOR] undo returned result', () => {
  it('sends a returned result back to the third lab, which can correct and return it again', async () => {
    const admin = await t.signInAsAdmin();
    const supervisor = await t.userWith(['CanUndoReturnResultFromThirdParty']);
    const lab = await t.userWith(['CanUpdateResultThirdLab', 'CanReturnResultThirdLab']);
    const sample = await sampleAt(t, admin, 'ResultReturned', { resultToken: lab.token });
    const res = await t.request('PUT', `/api/supervisor-lab/undo-return-result?id=${sample.id}`, {
      token: supervisor.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ThirdLabConfirmed');
    const detail = (await t.request('GET', `/api/supervisor-lab/get-detail/${sample.id}`, { token: admin })).body.data;
    expect(detail.thirdLabEntries[0].resultReturnedDate).toBeNull();
    expect(detail.timeline.at(-1)).toMatchObject({
      action: 'undoReturnResult',
      fromStatus: 'ResultReturned',
      toStatus: 'ThirdLabConfirmed',
      actorId: supervisor.id,
    });
    const corrected = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: lab.token,
      body: { ...RESULT, carbon: -26.4 },
    });
    expect(corrected.status).toBe(200);
    expect((await t.request('PUT', `/api/third-lab/return-result?id=${sample.id}`, { token: lab.token })).status).toBe(
      200,
    );
  });

  it('refuses other states and users without the permission', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultConfirmed');
    const res = await t.request('PUT', `/api/supervisor-lab/undo-return-result?id=${sample.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Sample ${sample.idflNumber} is ResultConfirmed; this action needs ResultReturned.`);
    const other = await t.userWith(['CanConfirmFinalResult']);
    expect(
      (await t.request('PUT', `/api/supervisor-lab/undo-return-result?id=${sample.id}`, { token: other.token })).status,
    ).toBe(403);
  });
});

describe('[SUPERVISOR] transfer IDFL data', () => {
  it('requires latitude and longitude with the spec messages', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultConfirmed');
    const res = await t.request('POST', '/api/supervisor-lab/transfer-data-of-idfl', {
      token: admin,
      body: { id: sample.id, countryCode: 'VN' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ latitude: 'Latitude is required', longitude: 'Longitude is required' });
  });

  it("copies a confirmed sample's C/H/O into the clean data set, once unless sameId", async () => {
    const admin = await t.signInAsAdmin();
    const supervisor = await t.userWith(['CanTransferIDFLData']);
    const sample = await sampleAt(t, admin, 'ResultConfirmed');
    const body = { id: sample.id, countryCode: 'vn', latitude: 10.8, longitude: 106.7, region: 'Mekong Delta' };
    const res = await t.request('POST', '/api/supervisor-lab/transfer-data-of-idfl', { token: supervisor.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      sampleCode: 'SC-001',
      material: 'Cotton',
      countryCode: 'VN',
      region: 'Mekong Delta',
      latitude: 10.8,
      longitude: 106.7,
      d13C: RESULT.carbon,
      d2H: RESULT.hydrogen,
      d18O: RESULT.oxygen,
      verifiedBy: `Test ${supervisor.username}`,
      sourceSampleEntryId: sample.id,
    });
    const twice = await t.request('POST', '/api/supervisor-lab/transfer-data-of-idfl', {
      token: supervisor.token,
      body,
    });
    expect(twice.status).toBe(409);
    const replaced = await t.request('POST', '/api/supervisor-lab/transfer-data-of-idfl?sameId=true', {
      token: supervisor.token,
      body: { ...body, countryCode: 'CN', latitude: 39.5, longitude: 76 },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ id: res.body.data.id, countryCode: 'CN' });
    const rows = await t.database.db
      .select()
      .from(cleanIsotopeRecord)
      .where(eq(cleanIsotopeRecord.sourceSampleEntryId, sample.id));
    expect(rows).toHaveLength(1);
    const trail = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: admin });
    expect(trail.body.data.filter((e: any) => e.action === 'transferIdflData')).toHaveLength(2);
  });

  it('refuses samples whose result is not confirmed, and users without the permission', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned');
    const body = { id: sample.id, countryCode: 'VN', latitude: 10, longitude: 106 };
    const res = await t.request('POST', '/api/supervisor-lab/transfer-data-of-idfl', { token: admin, body });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Sample ${sample.idflNumber} is ResultReturned; this action needs ResultConfirmed or Completed.`,
    );
    const other = await t.userWith(['CanConfirmFinalResult']);
    expect(
      (await t.request('POST', '/api/supervisor-lab/transfer-data-of-idfl', { token: other.token, body })).status,
    ).toBe(403);
  });
});

describe('[SUPERVISOR] list and detail', () => {
  it('lists samples from the third lab on, and shows results with the PDF link and timeline', async () => {
    const admin = await t.signInAsAdmin();
    await sampleAt(t, admin, 'TesterConfirmed');
    const atLab = await sampleAt(t, admin, 'SentToThirdLab');
    const returned = await sampleAt(t, admin, 'ResultReturned');
    const viewer = await t.userWith(['CanViewAllSampleEntrySupervisor']);
    const list = await t.request('GET', '/api/supervisor-lab/get-all', { token: viewer.token });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((s: any) => s.id).sort()).toEqual([atLab.id, returned.id].sort());
    const filtered = await t.request('GET', '/api/supervisor-lab/get-all?status=ResultReturned,TesterConfirmed', {
      token: viewer.token,
    });
    expect(filtered.body.data.items.map((s: any) => s.id)).toEqual([returned.id]);
    expect(
      (await t.request('GET', `/api/supervisor-lab/get-detail/${returned.id}`, { token: viewer.token })).status,
    ).toBe(403);

    const reader = await t.userWith(['CanViewDetailSampleEntrySupervisor']);
    const detail = await t.request('GET', `/api/supervisor-lab/get-detail/${returned.id}`, { token: reader.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.thirdLabEntries[0]).toMatchObject({ ...RESULT, reportFileUrl: null });
    expect(detail.body.data.dispatchBatch).toMatchObject({ status: 'Received' });
    expect(detail.body.data.timeline.map((e: any) => e.toStatus).filter(Boolean)).toEqual(
      statusesBetween('New', 'ResultReturned'),
    );
  });
});

describe('[SUPERVISOR] certificate issued', () => {
  it('completes a ResultConfirmed sample once, through the sample-action kernel', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultConfirmed');
    const by = { id: 1, displayName: 'Administrator' };
    const complete = (reason: string) =>
      t.database.db.transaction((tx) => fireSampleAction(tx, sample.id, { action: 'issueCertificate', by, reason }));
    const { before, after } = await complete('Certificate 7 issued');
    expect([before.status, after.status]).toEqual(['ResultConfirmed', 'Completed']);
    await expect(complete('Certificate 8 issued')).rejects.toThrow(
      `Sample ${sample.idflNumber} is already Completed: this change was made elsewhere first.`,
    );
    const trail = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: admin });
    expect(trail.body.data.at(-1)).toMatchObject({
      action: 'issueCertificate',
      fromStatus: 'ResultConfirmed',
      toStatus: 'Completed',
      reason: 'Certificate 7 issued',
    });
  });
});
