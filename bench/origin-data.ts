// The real public isotope data sets in ../shared/data as reference samples, for the origin model's
// bench and tests. Read with papaparse (the tap-water file has quoted line breaks and "NA").
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { ReferenceSample } from '../src/shared/origin-model/estimator.ts';

// Beside the checkout (CI), or beside the folder of worktrees; ORIGIN_DATA_DIR overrides both.
export const sharedDataDir =
  process.env.ORIGIN_DATA_DIR ??
  ['../../shared/data', '../../../shared/data']
    .map((p) => path.resolve(import.meta.dirname, p))
    .find((p) => existsSync(p)) ??
  path.resolve(import.meta.dirname, '../../shared/data');

function readRows(file: string): Record<string, string>[] {
  const text = readFileSync(path.join(sharedDataDir, file), 'utf8');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

const number = (v: string | undefined) => (v === undefined || v === '' || v === 'NA' ? null : Number(v));

/** Tap water by city: d2H and d18O, with the tap's coordinates. */
export function tapWater(): (ReferenceSample & { id: string })[] {
  return readRows('tapwater_CityWater.csv').map((r) => ({
    id: r.sample_ID!,
    region: r.cluster_location!,
    values: { d2H: number(r.d2H), d18O: number(r.d18O) },
    latitude: number(r.lat),
    longitude: number(r.lon),
  }));
}

/** Strawberries: Slovenia against abroad, four isotopes (and the trace elements when asked). */
export function strawberries(withElements = false): (ReferenceSample & { id: string })[] {
  const isotopes = { '18O': 'd18O', '13C': 'd13C', '15N': 'd15N', '34S': 'd34S' } as const;
  return readRows('strawberry_SLO_SITE.csv').map((r) => {
    const values: Record<string, number | null> = {};
    for (const [column, element] of Object.entries(isotopes)) values[element] = number(r[column]);
    if (withElements) for (const column of Object.keys(r).slice(10)) values[column] = number(r[column]);
    return { id: r['Lab code']!, region: r.Country === 'Slovenia' ? 'Slovenia' : 'Abroad', values };
  });
}

/** A stable pseudo-random order from a text key (FNV-1a), so subsets are the same in every run. */
function stableHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** At most `cap` records per region, chosen by a stable hash of their id (not the first rows). */
export function capPerRegion<T extends ReferenceSample & { id: string }>(
  records: readonly T[],
  cap: number,
  salt = '',
): T[] {
  const sorted = [...records].sort((a, b) => stableHash(salt + a.id) - stableHash(salt + b.id));
  const taken = new Map<string, number>();
  return sorted.filter((r) => {
    const n = taken.get(r.region) ?? 0;
    taken.set(r.region, n + 1);
    return n < cap;
  });
}

/** Nine tap-water cities drawn by a stable hash, twenty taps each: the shape of a typical lab set. */
export function nineCities(salt: string) {
  const all = tapWater();
  const counts = new Map<string, number>();
  for (const r of all) counts.set(r.region, (counts.get(r.region) ?? 0) + 1);
  const cities = [...counts]
    .filter(([, n]) => n >= 25)
    .map(([c]) => c)
    .sort((a, b) => stableHash(salt + a) - stableHash(salt + b))
    .slice(0, 9);
  return capPerRegion(
    all.filter((r) => cities.includes(r.region)),
    20,
    salt,
  );
}
