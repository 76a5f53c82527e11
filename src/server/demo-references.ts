// Generated reference sets for the demo (never the test data sets): per material, regions with
// centres typical of their climate and agriculture (lighter δ2H and δ18O inland, at altitude and
// at high latitude; heavier δ13C for C4 plants and dry farming; δ15N higher with manure; δ34S
// higher near the sea), two growing sites per region and a few records with elements missing,
// as a real laboratory's spreadsheet has. Exported as the CSV a laboratory would import.
import Papa from 'papaparse';
import { cleanIsotopeColumns } from '../shared/schemas/clean-isotope.ts';

type Centre = { c: number; h: number; o: number; n: number; s: number };
type RegionPlan = { countryCode: string; region: string; lat: number; lon: number; centre: Centre };

const materials: Record<string, RegionPlan[]> = {
  Cotton: [
    {
      countryCode: 'CN',
      region: 'Xinjiang',
      lat: 41.1,
      lon: 85.2,
      centre: { c: -25.4, h: -98, o: 20.1, n: 7.4, s: 9.5 },
    },
    {
      countryCode: 'VN',
      region: 'Ninh Thuan',
      lat: 11.6,
      lon: 108.9,
      centre: { c: -27.2, h: -42, o: 26.8, n: 4.1, s: 14.2 },
    },
    {
      countryCode: 'IN',
      region: 'Gujarat',
      lat: 22.3,
      lon: 71.2,
      centre: { c: -26.4, h: -32, o: 29.1, n: 6.0, s: 11.8 },
    },
    {
      countryCode: 'US',
      region: 'Texas',
      lat: 33.6,
      lon: -101.8,
      centre: { c: -25.9, h: -61, o: 25.2, n: 3.2, s: 6.1 },
    },
    {
      countryCode: 'AU',
      region: 'New South Wales',
      lat: -30.3,
      lon: 149.8,
      centre: { c: -26.8, h: -50, o: 27.4, n: 2.4, s: 8.0 },
    },
    {
      countryCode: 'BR',
      region: 'Mato Grosso',
      lat: -13.0,
      lon: -55.9,
      centre: { c: -27.9, h: -55, o: 25.9, n: 5.2, s: 7.2 },
    },
    {
      countryCode: 'UZ',
      region: 'Fergana',
      lat: 40.4,
      lon: 71.8,
      centre: { c: -25.7, h: -88, o: 21.4, n: 8.1, s: 10.4 },
    },
  ],
  Rice: [
    {
      countryCode: 'VN',
      region: 'Mekong Delta',
      lat: 10.0,
      lon: 105.8,
      centre: { c: -28.4, h: -55, o: 24.5, n: 4.8, s: 12.5 },
    },
    {
      countryCode: 'VN',
      region: 'Red River Delta',
      lat: 20.9,
      lon: 106.2,
      centre: { c: -27.6, h: -63, o: 23.1, n: 5.6, s: 9.8 },
    },
    {
      countryCode: 'TH',
      region: 'Central Plain',
      lat: 15.0,
      lon: 100.5,
      centre: { c: -28.0, h: -49, o: 25.3, n: 3.9, s: 7.5 },
    },
    {
      countryCode: 'IN',
      region: 'Punjab',
      lat: 30.9,
      lon: 75.8,
      centre: { c: -27.1, h: -44, o: 26.6, n: 6.6, s: 5.9 },
    },
    {
      countryCode: 'CN',
      region: 'Heilongjiang',
      lat: 46.6,
      lon: 126.9,
      centre: { c: -26.8, h: -92, o: 19.6, n: 4.4, s: 4.1 },
    },
  ],
  Coffee: [
    {
      countryCode: 'VN',
      region: 'Central Highlands',
      lat: 12.7,
      lon: 108.1,
      centre: { c: -27.0, h: -58, o: 25.1, n: 3.4, s: 4.8 },
    },
    {
      countryCode: 'BR',
      region: 'Minas Gerais',
      lat: -19.9,
      lon: -44.0,
      centre: { c: -28.3, h: -41, o: 27.0, n: 4.9, s: 6.2 },
    },
    { countryCode: 'CO', region: 'Huila', lat: 2.5, lon: -75.5, centre: { c: -26.6, h: -72, o: 22.9, n: 2.2, s: 3.1 } },
    { countryCode: 'ET', region: 'Sidama', lat: 6.7, lon: 38.5, centre: { c: -25.9, h: -66, o: 23.8, n: 5.8, s: 2.4 } },
  ],
};

const spread: Centre = { c: 0.45, h: 6.5, o: 0.9, n: 0.8, s: 1.1 };

export function demoReferenceCsv(perRegion = 30): string {
  let seed = 2026;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const verifiers = ['Do Thanh Mai', 'Le Thi Hoa'];
  const rows: (string | number)[][] = [];
  for (const [material, regions] of Object.entries(materials)) {
    for (const plan of regions) {
      // Two growing sites per region, a little apart in place and in isotopes.
      const sites = [0, 1].map(() => ({
        lat: plan.lat + gaussian() * 0.6,
        lon: plan.lon + gaussian() * 0.6,
        shift: {
          c: gaussian() * 0.3,
          h: gaussian() * 4,
          o: gaussian() * 0.5,
          n: gaussian() * 0.5,
          s: gaussian() * 0.7,
        },
      }));
      for (let k = 0; k < perRegion; k++) {
        const site = sites[k % 2]!;
        const value = (key: keyof Centre) =>
          Math.round((plan.centre[key] + site.shift[key] + gaussian() * spread[key]) * 100) / 100;
        // About one record in eight lacks δ34S, and one in twelve δ15N: not every lab measures both.
        rows.push([
          `REF-${material.slice(0, 3).toUpperCase()}-${plan.countryCode}-${plan.region.replace(/\W+/g, '').slice(0, 6).toUpperCase()}-${String(k + 1).padStart(3, '0')}`,
          material,
          plan.countryCode,
          plan.region,
          (site.lat + gaussian() * 0.15).toFixed(4),
          (site.lon + gaussian() * 0.15).toFixed(4),
          'Satisfied',
          verifiers[k % 2]!,
          value('c'),
          value('h'),
          value('o'),
          random() < 1 / 12 ? 'NA' : value('n'),
          random() < 1 / 8 ? 'NA' : value('s'),
        ]);
      }
    }
  }
  return Papa.unparse({
    fields: [...cleanIsotopeColumns],
    data: rows,
  });
}

/** A few samples to analyse in the demo: near a region, between two, and unlike any. */
export const demoAnalyses = [
  {
    material: 'Cotton',
    sampleCode: 'CL-2026-0101',
    claimedOrigin: 'Ninh Thuan',
    d13C: -27.1,
    d2H: -44,
    d18O: 26.5,
    d15N: 4.3,
    d34S: 13.8,
  },
  {
    material: 'Cotton',
    sampleCode: 'CL-2026-0102',
    claimedOrigin: 'Texas',
    d13C: -25.5,
    d2H: -95,
    d18O: 20.4,
    d15N: 7.1,
    d34S: 9.9,
  },
  { material: 'Cotton', sampleCode: 'CL-2026-0103', claimedOrigin: 'Gujarat', d13C: -26.0, d2H: -62, d18O: 25.0 },
  {
    material: 'Rice',
    sampleCode: 'CL-2026-0104',
    claimedOrigin: 'Mekong Delta',
    d13C: -28.3,
    d2H: -56,
    d18O: 24.3,
    d15N: 4.6,
  },
  {
    material: 'Coffee',
    sampleCode: 'CL-2026-0105',
    claimedOrigin: 'Central Highlands',
    d13C: -21.0,
    d2H: -10,
    d18O: 31.0,
  },
] as const;
