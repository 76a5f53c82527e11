// npm run demo: fills the configured database (DATA_DIR or DATABASE_URL) with realistic demo data —
// a user for every role, bookings from several clients, samples at every stage of the laboratory,
// and a reference set of clean isotope records. Everything goes through the real API in-process,
// so the demo data obeys the same rules, numbering and chain of custody as real work.
import { eq } from 'drizzle-orm';
import { blankBookingForm } from '../shared/schemas/booking.ts';
import type { SampleStatus } from '../shared/sample-workflow.ts';
import { hashPassword } from './auth/passwords.ts';
import { appUser, cleanIsotopeRecord, role } from './db/schema.ts';
import { parseEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { bootServer } from './server.ts';

const env = parseEnv();
const logger = createLogger({ LOG_LEVEL: 'warn' });
const { app, database } = await bootServer({ ...env, LOG_LEVEL: 'warn' }, logger);
const db = database.db;
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password-1';

const staff = [
  { role: 'CustomerService', username: 'cs.lan', displayName: 'Nguyen Thi Lan' },
  { role: 'Tester', username: 'tester.minh', displayName: 'Tran Van Minh' },
  { role: 'Supervisor', username: 'supervisor.hoa', displayName: 'Le Thi Hoa' },
  { role: 'hoanVuLab', username: 'hoanvu.khoa', displayName: 'Pham Dang Khoa' },
  { role: 'Shipping', username: 'shipping.tuan', displayName: 'Vo Anh Tuan' },
  { role: 'Analyst', username: 'analyst.mai', displayName: 'Do Thanh Mai' },
];

const [existing] = await db.select().from(appUser).where(eq(appUser.username, staff[0]!.username));
if (existing) {
  process.stdout.write('Demo data is already present; nothing added.\n');
  await database.close();
  process.exit(0);
}

const passwordHash = await hashPassword(DEMO_PASSWORD);
for (const person of staff) {
  const [r] = await db.select().from(role).where(eq(role.name, person.role));
  if (!r) throw new Error(`role ${person.role} missing`);
  await db.insert(appUser).values({
    username: person.username,
    displayName: person.displayName,
    email: `${person.username}@isotope.lab`,
    passwordHash,
    roleId: r.id,
  });
}

async function call(method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { result: boolean; message: string; data: Record<string, unknown> };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
  return json.data;
}

async function tokenOf(username: string) {
  return (await call('POST', '/api/auth', undefined, { email: username, password: DEMO_PASSWORD }))
    .accessToken as string;
}

const [cs, tester, supervisor, thirdLab, shipping] = await Promise.all(
  staff.slice(0, 5).map((s) => tokenOf(s.username)),
);

const clients = [
  {
    company: 'Saigon Cotton Mills',
    person: 'Nguyen Van An',
    city: 'Ho Chi Minh City, Vietnam',
    material: 'Cotton',
    origin: 'Vietnam',
  },
  {
    company: 'Hanoi Garment Export',
    person: 'Tran Thi Binh',
    city: 'Hanoi, Vietnam',
    material: 'Cotton',
    origin: 'India',
  },
  {
    company: 'Mekong Rice Trading',
    person: 'Le Van Cuong',
    city: 'Can Tho, Vietnam',
    material: 'Rice',
    origin: 'Vietnam',
  },
  {
    company: 'Pacific Apparel Sourcing',
    person: 'Emily Carter',
    city: 'Los Angeles, CA, USA',
    material: 'Cotton',
    origin: 'United States',
  },
  {
    company: 'Danang Seafood Co.',
    person: 'Pham Thi Dung',
    city: 'Da Nang, Vietnam',
    material: 'Shrimp',
    origin: 'Vietnam',
  },
  {
    company: 'Ljubljana Berry Farms',
    person: 'Ana Novak',
    city: 'Ljubljana, Slovenia',
    material: 'Strawberry',
    origin: 'Slovenia',
  },
];

// Where each demo sample ends up: every stage of the laboratory is represented.
const stages: SampleStatus[] = [
  'CsConfirmed',
  'SentToTester',
  'TesterConfirmed',
  'SentToThirdLab',
  'ThirdLabConfirmed',
  'ResultReturned',
  'ResultConfirmed',
  'ResultConfirmed',
];

let packageNo = 0;
async function advance(sampleId: number, target: SampleStatus) {
  const order: SampleStatus[] = [
    'CsConfirmed',
    'SentToTester',
    'TesterConfirmed',
    'SentToThirdLab',
    'ThirdLabConfirmed',
    'ResultReturned',
    'ResultConfirmed',
  ];
  const reach = order.indexOf(target);
  if (reach >= 1) await call('PUT', `/api/cs-lab/transfer-to-tester?id=${sampleId}`, cs);
  if (reach >= 2) {
    const checkedIn = await call('PUT', `/api/tester-lab/check-in?id=${sampleId}`, tester);
    await call('PUT', `/api/tester-lab/update-sample?id=${sampleId}`, tester, {
      version: checkedIn.version,
      sampleInformation: 'Bale sample, sealed bag',
      isotopeMix: 'Single origin',
      unit: 'g',
      initialWeight: 150,
      sentWeight: 40,
      storageArea: `Shelf ${String.fromCharCode(65 + (sampleId % 5))}-${(sampleId % 9) + 1}`,
    });
  }
  if (reach >= 3) {
    packageNo += 1;
    const batch = await call('POST', '/api/sample-dispatch-batch', shipping, {
      packageName: `Weekly shipment ${packageNo}`,
      shippmentNumber: `VNPOST-${240000 + packageNo}`,
      sampleEntryIds: [sampleId],
    });
    await call('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${String(batch.id)}`, shipping);
  }
  if (reach >= 4) await call('PUT', `/api/third-lab/check-in?id=${sampleId}`, thirdLab);
  let returned: Record<string, unknown> = {};
  if (reach >= 5) {
    const jitter = (sampleId % 7) / 10;
    await call('PUT', `/api/third-lab/update-result?id=${sampleId}`, thirdLab, {
      carbon: -26.8 - jitter,
      hydrogen: -62.5 + jitter * 3,
      oxygen: 24.1 + jitter,
      notes: 'Measured in duplicate; within the laboratory reference range.',
    });
    returned = await call('PUT', `/api/third-lab/return-result?id=${sampleId}`, thirdLab);
  }
  if (reach >= 6) {
    await call('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sampleId}`, supervisor, {
      expectedConclusion: 'Consistent with the declared origin',
      conclusion: 'The isotope profile is consistent with the declared origin.',
      predictedOrigin: 'Vietnam',
      consistentWithPredictedOrigin: true,
      consistentWithXinjiangOrigin: false,
      version: returned.version,
    });
    await call('PUT', `/api/supervisor-lab/confirm-final-result?id=${sampleId}`, supervisor);
  }
}

let sampleCount = 0;
for (const [i, client] of clients.entries()) {
  for (let n = 0; n < 2; n++) {
    const form = blankBookingForm();
    const booking = await call('POST', '/api/sample-submit-form', undefined, {
      ...form,
      applicantContactPerson: client.person,
      applicantCompany: client.company,
      telephone: `+84 28 3822 ${String(1000 + i * 10 + n)}`,
      email: `${client.person.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
      address: `${12 + i} Le Loi Street`,
      cityStateCountry: client.city,
      sampleDescription: `${client.material} lot ${2026}-${i}${n}`,
      rushService: n === 1 && i % 2 === 0,
      sampleTypes: [
        {
          type: client.material,
          composition: client.material === 'Cotton' ? '100% cotton' : `Raw ${client.material.toLowerCase()}`,
          expectedOrigins: [{ origin: client.origin }],
          notes: '',
        },
      ],
      isAgreeRegistration: true,
      isConfirmAccurate: true,
    });
    // The last booking of each client stays UnConfirmed, one is cancelled, the rest go to the lab.
    if (n === 1 && i === clients.length - 1) {
      await call('PUT', `/api/bookings/cancel?id=${String(booking.id)}`, cs, {
        cancelReason: 'Client withdrew the request.',
      });
      continue;
    }
    if (n === 1 && i % 3 === 2) continue;
    const confirmed = await call('PUT', `/api/cs-lab/check-in?id=${String(booking.id)}`, cs);
    const samples = confirmed.sampleEntries as { id: number }[];
    for (const sample of samples) {
      await advance(sample.id, stages[sampleCount % stages.length]!);
      sampleCount += 1;
    }
  }
}

// Reference data for origin analysis: per material and region, records scattered around a centre
// typical of that region's climate (lighter δ2H and δ18O inland and at altitude, C4 crops heavier δ13C).
const regions = [
  { material: 'Cotton', countryCode: 'VN', region: 'Mekong Delta', lat: 10.0, lon: 105.8, c: -27.5, h: -45, o: 26.5 },
  { material: 'Cotton', countryCode: 'CN', region: 'Xinjiang', lat: 41.1, lon: 85.2, c: -25.8, h: -95, o: 20.1 },
  { material: 'Cotton', countryCode: 'IN', region: 'Gujarat', lat: 22.3, lon: 71.2, c: -26.6, h: -30, o: 29.0 },
  { material: 'Cotton', countryCode: 'US', region: 'Texas', lat: 33.6, lon: -101.8, c: -25.9, h: -60, o: 25.0 },
  { material: 'Rice', countryCode: 'VN', region: 'Mekong Delta', lat: 10.0, lon: 105.8, c: -28.4, h: -55, o: 24.5 },
  { material: 'Rice', countryCode: 'TH', region: 'Central Plain', lat: 15.0, lon: 100.5, c: -28.0, h: -50, o: 25.3 },
];
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
const records = regions.flatMap((r) =>
  Array.from({ length: 25 }, (_, k) => ({
    sampleCode: `REF-${r.countryCode}-${r.material.slice(0, 3).toUpperCase()}-${String(k + 1).padStart(3, '0')}`,
    material: r.material,
    classify: 'Satisfied',
    countryCode: r.countryCode,
    region: r.region,
    latitude: r.lat + gaussian() * 0.5,
    longitude: r.lon + gaussian() * 0.5,
    d13C: r.c + gaussian() * 0.4,
    d2H: r.h + gaussian() * 6,
    d18O: r.o + gaussian() * 0.9,
    verifiedBy: 'Do Thanh Mai',
  })),
);
await db.insert(cleanIsotopeRecord).values(records);

process.stdout.write(
  `Demo data added: ${staff.length} staff (password ${DEMO_PASSWORD}: ${staff.map((s) => s.username).join(', ')}), ` +
    `${clients.length * 2} bookings, ${sampleCount} samples across every stage, ${records.length} reference isotope records.\n`,
);
await database.close();
