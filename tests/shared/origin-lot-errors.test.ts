import { describe, expect, it } from 'vitest';
import { fitOriginModel, type ReferenceSample } from '../../src/shared/origin-model/estimator.ts';
import { seededRandom } from '../../src/shared/origin-model/forest.ts';
import { combineLot } from '../../src/shared/origin-model/lot-analysis.ts';
import { formLots, lotSizes, reportedLotSize, type HeldOut } from '../../src/shared/origin-model/lot-verdict-errors.ts';
import { analysisThresholds } from '../../src/shared/origin-model/verdicts.ts';
import { judgeOriginModel, judgeUnits, ownRegionAtypical } from '../../src/shared/origin-model/verdict-errors.ts';

// Four regions over two isotopes: North and Xinjiang far from everything, East and West nearly
// on top of each other (their samples alone are often inconclusive).
function references(): ReferenceSample[] {
  const random = seededRandom(5);
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const centres = [
    ['North', -30, -120],
    ['Xinjiang', -20, -20],
    ['East', -25, -70],
    ['West', -24.4, -66],
  ] as const;
  return centres.flatMap(([region, c, h]) =>
    Array.from({ length: 30 }, () => ({ region, values: { d13C: c + gaussian(), d2H: h + 5 * gaussian() } })),
  );
}

/** A held-out record of two regions whose log odds of the first is `logOdds`. */
const unit = (region: string, logOdds: number): HeldOut => {
  const p = 1 / (1 + Math.exp(-logOdds));
  return { region, country: null, probabilities: [p, 1 - p], typicalities: [0.5, 0.5] };
};

describe('[ORIGIN MODEL] lots of held-out records', () => {
  it('puts each record of a region in one lot at most, the same lots in every run', () => {
    // Log odds 1/16, 2/16, 4/16…: a lot's joint log odds (their sum) names its members.
    const a = Array.from({ length: 7 }, (_, i) => unit('A', 2 ** i / 16));
    const b = [unit('B', -1), unit('B', -2), unit('B', -3)];
    const lots = formLots([...a, ...b], 3);
    expect(lots.map((l) => l.region)).toEqual(['A', 'A', 'B']);
    expect(formLots([...a, ...b], 3)).toEqual(lots);
    const members = lots
      .filter((l) => l.region === 'A')
      .map((l) => Math.round(16 * Math.log(l.probabilities[0]! / l.probabilities[1]!)));
    // Three members each (three bits set), no record in both lots.
    for (const m of members) expect(m.toString(2).replace(/0/g, '')).toBe('111');
    expect(members[0]! & members[1]!).toBe(0);
    // Combined by the lot analysis's rule under the uniform prior.
    const joint = combineLot(b, [0, 0]);
    expect(lots[2]!.region).toBe('B');
    lots[2]!.probabilities.forEach((p, k) => expect(p).toBeCloseTo(joint.probabilities[k]!, 12));
    lots[2]!.typicalities.forEach((p, k) => expect(p).toBeCloseTo(joint.typicalities[k]!, 12));
    expect(formLots([...a, ...b], 2).map((l) => l.region)).toEqual(['A', 'A', 'A', 'B']);
  });

  it('counts each verdict of true and false claims', () => {
    const model = fitOriginModel(references(), { trees: 0 });
    const figures = (region: string, p: Record<string, number>): HeldOut => ({
      region,
      country: null,
      probabilities: model.regions.map((r) => p[r.region] ?? 0),
      typicalities: model.regions.map(() => 0.5),
    });
    const regions = ['East', 'North', 'West', 'Xinjiang'];
    const report = judgeUnits(model, regions, [
      // North: consistent with North; East (0.1) inconclusive; the rest inconsistent.
      figures('North', { North: 0.9, East: 0.1 }),
      // East: its own claim inconclusive (0.3), West's consistent (a false consistent).
      figures('East', { East: 0.3, West: 0.7 }),
      // West: its own claim inconsistent (a false inconsistent), East's consistent.
      figures('West', { West: 0.02, East: 0.98 }),
    ]);
    const east = report.claims.find((c) => c.region === 'East')!;
    expect(east).toMatchObject({
      trueClaims: 1,
      falseClaims: 2,
      falseConsistentRate: 0.5,
      falseInconsistentRate: 0,
      inconclusiveTrueShare: 1,
      inconclusiveFalseShare: 0.5,
    });
    expect(report.claims.find((c) => c.region === 'West')).toMatchObject({
      falseConsistentRate: 0.5,
      falseInconsistentRate: 1,
      inconclusiveFalseShare: 0,
    });
    expect(report.pooled).toMatchObject({ trueClaims: 3, falseClaims: 9 });
    expect(report.pooled.falseConsistentRate).toBeCloseTo(2 / 9, 12);
    expect(report.pooled.falseInconsistentRate).toBeCloseTo(1 / 3, 12);
    expect(report.pooled.inconclusiveTrueShare).toBeCloseTo(1 / 3, 12);
    expect(report.pooled.inconclusiveFalseShare).toBeCloseTo(1 / 9, 12);
    expect(report.xinjiang).toMatchObject({ region: 'Xinjiang', trueClaims: 0, falseClaims: 3 });
  });

  it('counts held-out records atypical of their own region, by the atypical threshold', () => {
    const model = fitOriginModel(references(), { trees: 0 });
    const at = (region: string, own: number): HeldOut => ({
      region,
      country: null,
      probabilities: model.regions.map((r) => (r.region === region ? 1 : 0)),
      // Atypical elsewhere: only the typicality in the record's own region counts.
      typicalities: model.regions.map((r) => (r.region === region ? own : 0)),
    });
    const threshold = analysisThresholds.atypicalPValue;
    const report = ownRegionAtypical(model, [
      at('North', threshold / 2),
      at('East', threshold),
      at('West', 0.5),
      at('Xinjiang', 0),
      // A region the model does not know is not counted.
      at('Elsewhere', 0),
    ]);
    expect(report).toEqual({ records: 4, atypical: 2, share: 0.5 });
    expect(ownRegionAtypical(null, [])).toEqual({ records: 0, atypical: 0, share: 0 });
  });

  it("measures a lot's joint verdict on the same cross-validation as one sample's", () => {
    const data = references();
    const { verdictErrors } = judgeOriginModel(data, { folds: 5 });
    expect(verdictErrors.lots.map((l) => l.size)).toEqual([...lotSizes]);
    // Every held-out record is checked against its own region; the calibrated typicality leaves
    // few of them atypical.
    const own = verdictErrors.ownRegionAtypical;
    expect(own.records).toBe(120);
    expect(own.atypical).toBeLessThanOrEqual(6);
    expect(own.share).toBeCloseTo(own.atypical / 120, 12);
    const lots = verdictErrors.lots.find((l) => l.size === reportedLotSize)!;
    // 30 held-out records per region make 10 lots of 3 each.
    expect(lots.lotCount).toBe(40);
    for (const c of lots.claims) expect(c).toMatchObject({ trueClaims: 10, falseClaims: 30 });
    expect(lots.pooled).toMatchObject({ trueClaims: 40, falseClaims: 120 });
    expect(lots.xinjiang).toMatchObject({ region: 'Xinjiang', trueClaims: 10 });
    expect(verdictErrors.lots.find((l) => l.size === 5)?.lotCount).toBe(24);

    const missed = (c: { falseInconsistentRate: number; inconclusiveTrueShare: number }) =>
      c.falseInconsistentRate + c.inconclusiveTrueShare;
    const of = (list: typeof lots.claims, region: string) => list.find((c) => c.region === region)!;
    for (const region of ['North', 'Xinjiang']) {
      // Well separated: no lot's claim of its own region is missed, fewer than single samples'.
      expect(missed(of(lots.claims, region))).toBe(0);
      expect(missed(of(verdictErrors.claims, region))).toBeGreaterThan(0);
      expect(of(lots.claims, region).falseConsistentRate).toBe(0);
    }
    // Overlapping: a lot's true claim is left inconclusive less often than a single sample's, over
    // the pair (20 lots against 60 samples). One region alone has 10 lots, a step of 0.1: East's 3
    // of 10 against 9 of 30 samples is a tie that the trees' share in the mix decides.
    const inconclusiveTrue = (list: typeof lots.claims) =>
      (of(list, 'East').inconclusiveTrueShare + of(list, 'West').inconclusiveTrueShare) / 2;
    expect(inconclusiveTrue(lots.claims)).toBeLessThan(inconclusiveTrue(verdictErrors.claims));
    for (const region of ['East', 'West']) {
      // Per region: a true claim no more often, a false claim less often.
      expect(of(lots.claims, region).inconclusiveTrueShare).toBeLessThanOrEqual(
        of(verdictErrors.claims, region).inconclusiveTrueShare,
      );
      expect(of(lots.claims, region).inconclusiveFalseShare).toBeLessThan(
        of(verdictErrors.claims, region).inconclusiveFalseShare,
      );
    }
  });
});
