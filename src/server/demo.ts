// npm run demo: fills the configured database (DATA_DIR or DATABASE_URL) with realistic demo data —
// a user for every role, bookings from several clients, samples at every stage of the laboratory,
// and a reference set of clean isotope records. Everything goes through the real API in-process,
// so the demo data obeys the same rules, numbering and chain of custody as real work.
import { eq } from 'drizzle-orm';
import { blankBookingForm } from '../shared/schemas/booking.ts';
import { statusesBetween, type SampleStatus } from '../shared/sample-workflow.ts';
import { hashPassword } from './auth/passwords.ts';
import { appUser, role } from './db/schema.ts';
import { demoAnalyses, demoReferenceCsv } from './demo-references.ts';
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
const stages: SampleStatus[] = [...statusesBetween('CsConfirmed', 'ResultConfirmed'), 'ResultConfirmed'];

let packageNo = 0;
async function advance(sampleId: number, target: SampleStatus) {
  const order = statusesBetween('CsConfirmed', 'ResultConfirmed');
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
      // Expanded uncertainties (k = 2) as an external laboratory typically reports them.
      carbonUncertainty: 0.15,
      hydrogenUncertainty: 2,
      oxygenUncertainty: 0.3,
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

// Reference data for origin analysis: a generated set per material, imported as the CSV a
// laboratory would upload, then a few analyses saved and classified as an analyst would.
const analyst = await tokenOf('analyst.mai');
const form = new FormData();
form.set('file', new File([demoReferenceCsv()], 'demo-reference-set.csv', { type: 'text/csv' }));
const imported = await app.request('/api/clean-isotope/import', {
  method: 'POST',
  headers: { authorization: `Bearer ${analyst}` },
  body: form,
});
if (imported.status !== 200) throw new Error(`reference import: ${imported.status} ${await imported.text()}`);
const { total: referenceCount } = ((await imported.json()) as { data: { total: number } }).data;
const actions = ['MarkSatisfied', 'MarkNeutral', 'MarkUnsatisfied', 'MarkPending', 'MarkSatisfied'];
for (const [i, { material, ...sample }] of demoAnalyses.entries()) {
  const saved = (await call('POST', '/api/analysis', analyst, {
    material,
    analyses: [{ ...sample, countryCode: null, sources: i % 2 ? 'Client' : 'Laboratory' }],
  })) as unknown as { id: number }[];
  await call('PUT', `/api/analysis?id=${saved[0]!.id}&action=${actions[i]}`, analyst);
}

process.stdout.write(
  `Demo data added: ${staff.length} staff (password ${DEMO_PASSWORD}: ${staff.map((s) => s.username).join(', ')}), ` +
    `${clients.length * 2} bookings, ${sampleCount} samples across every stage, ${referenceCount} reference isotope records, ${demoAnalyses.length} analyses.\n`,
);
await database.close();
