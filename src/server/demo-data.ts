// The demo's data (npm run demo, demo.ts): a user for every role, bookings from several clients —
// some from the public order form, some entered by the client-side lab — samples at every stage of
// the laboratory, and a reference set of clean isotope records. Everything goes through the real API
// in-process, so the demo data obeys the same rules, numbering and chain of custody as real work.
import { eq } from 'drizzle-orm';
import { blankBookingForm } from '../shared/schemas/booking.ts';
import {
  sampleStatuses,
  workflowActionNames,
  workflowActions,
  type SampleStatus,
  type WorkflowActionName,
} from '../shared/workflow/sample-workflow.ts';
import { seededRoles } from '../shared/permissions.ts';
import { sampleChangeRequest, type SampleChangeName } from '../shared/workflow/sample-endpoints.ts';
import type { App } from './app.ts';
import type { Executor } from './db/client.ts';
import { appUser, role } from './db/schema.ts';
import { demoAnalyses, demoReferenceCsv } from './demo-references.ts';
import { createUser } from './services/accounts/users.ts';

/**
 * The workflow's forward actions, which the demo walks. A side path taken only on a receipt hold
 * (awaiting a replacement) leads back, not on.
 */
type ForwardAction = {
  [A in WorkflowActionName]: (typeof workflowActions)[A] extends { isUndo: false; onReceiptHold: 'only' }
    ? never
    : (typeof workflowActions)[A]['isUndo'] extends false
      ? A
      : never;
}[WorkflowActionName];

const isForward = (name: WorkflowActionName): name is ForwardAction => {
  const action = workflowActions[name] as { isUndo: boolean; onReceiptHold?: string };
  return !action.isUndo && action.onReceiptHold !== 'only';
};

/** The forward actions that take a New sample to `target`, read from the workflow table. */
export function journeyTo(target: SampleStatus): ForwardAction[] {
  const journey: ForwardAction[] = [];
  let status: SampleStatus = 'New';
  while (status !== target) {
    const next = workflowActionNames.find(
      (name): name is ForwardAction =>
        isForward(name) && (workflowActions[name].from as readonly string[]).includes(status),
    );
    if (!next) throw new Error(`The workflow has no forward action from ${status} towards ${target}`);
    journey.push(next);
    status = workflowActions[next].to;
  }
  return journey;
}

export const demoStaff = [
  { role: 'CustomerService', username: 'cs.lan', displayName: 'Nguyen Thi Lan' },
  { role: 'Tester', username: 'tester.minh', displayName: 'Tran Van Minh' },
  { role: 'Supervisor', username: 'supervisor.hoa', displayName: 'Le Thi Hoa' },
  { role: 'hoanVuLab', username: 'hoanvu.khoa', displayName: 'Pham Dang Khoa' },
  { role: 'Shipping', username: 'shipping.tuan', displayName: 'Vo Anh Tuan' },
  { role: 'Analyst', username: 'analyst.mai', displayName: 'Do Thanh Mai' },
] as const;

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

/** Where the demo's samples end up, in turn: every stage of the laboratory, the last the issued certificate. */
export const demoStages: readonly SampleStatus[] = sampleStatuses;

export type DemoSummary =
  | { added: false }
  | {
      added: true;
      staff: number;
      bookings: number;
      /** Each sample and the stage it was taken to. */
      samples: { id: number; stage: SampleStatus }[];
      referenceCount: number;
      analyses: number;
    };

/** Adds the demo data through `app`, unless its first user is already there. */
export async function addDemoData(app: App, db: Executor, password: string): Promise<DemoSummary> {
  const [existing] = await db.select().from(appUser).where(eq(appUser.username, demoStaff[0].username));
  if (existing) return { added: false };

  // The staff are created as the administrator would create them (with the audit of it).
  const [admin] = await db
    .select({ user: appUser, permissions: role.permissions })
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .where(eq(appUser.username, 'admin'));
  if (!admin) throw new Error('The administrator is missing: the database was not seeded');
  const by = { ...admin.user, roleName: 'Administrator', permissions: admin.permissions };
  for (const person of demoStaff) {
    const [r] = await db.select().from(role).where(eq(role.name, person.role));
    if (!r) throw new Error(`role ${person.role} missing`);
    await createUser(db, {
      input: {
        username: person.username,
        displayName: person.displayName,
        email: `${person.username}@isotope.lab`,
        password,
        roleId: r.id,
      },
      by,
    });
  }

  async function call(method: string, path: string, token?: string, body?: unknown) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { result: boolean; message: string; data: Record<string, unknown> };
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
    return json.data;
  }

  async function tokenOf(username: string) {
    return (await call('POST', '/api/auth', undefined, { email: username, password })).accessToken as string;
  }

  const tokens = await Promise.all(demoStaff.map((s) => tokenOf(s.username)));
  const [cs, tester, supervisor, thirdLab, shipping, analyst] = tokens;

  /**
   * An action with no step of its own below is fired as its bench fires it (its call from the
   * shared table, no body) by the first of the demo's staff whose seeded role may fire it. An action
   * that needs a body or a second call has its own step: the demo test fails on one that lacks it.
   */
  async function fire(action: ForwardAction & SampleChangeName, id: number) {
    const allowed: readonly string[] = workflowActions[action].permissions;
    const actor = demoStaff.findIndex((person) =>
      seededRoles.find((r) => r.name === person.role)?.permissions.some((p) => allowed.includes(p)),
    );
    if (actor < 0) throw new Error(`No demo member of staff's role may ${action}`);
    const { method, path } = sampleChangeRequest(action, id);
    await call(method, path, tokens[actor]);
  }

  let packageNo = 0;
  // The sample's version as the last step answered it: the next edit sends it.
  let version: unknown;
  type Step = (sampleId: number) => Promise<void>;
  // An action the benches do not send one by one (a sample leaves with its dispatch batch) must have its step.
  const steps: Record<Exclude<ForwardAction, SampleChangeName>, Step> & Partial<Record<ForwardAction, Step>> = {
    async csCheckIn(id) {
      await call('PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, cs, {
        receivedDate: new Date().toISOString(),
        receivedBy: 'Nguyen Thi Lan',
        initialWeight: 150,
        unit: 'g',
        receivedCondition: id % 11 === 0 ? 'damaged' : 'intact',
        receiptNote: id % 11 === 0 ? 'Bag torn at one corner; contents intact.' : 'Sealed bag, label legible.',
      });
      // A damaged parcel waits for the client's word: here they ask for it to be tested as received.
      if (id % 11 === 0)
        await call('PUT', `/api/cs-lab/receipt-decision?id=${id}`, cs, {
          decision: 'testAsReceived',
          note: 'Client agreed by phone to test the sample as received.',
        });
    },
    async testerCheckIn(id) {
      const checkedIn = await call('PUT', `/api/tester-lab/check-in?id=${id}`, tester);
      await call('PUT', `/api/tester-lab/update-sample?id=${id}`, tester, {
        version: checkedIn.version,
        sampleInformation: 'Bale sample, sealed bag',
        isotopeMix: 'Single origin',
        unit: 'g',
        initialWeight: 150,
        sentWeight: 40,
        storageArea: `Shelf ${String.fromCharCode(65 + (id % 5))}-${(id % 9) + 1}`,
      });
    },
    async sendToThirdLab(id) {
      packageNo += 1;
      const batch = await call('POST', '/api/sample-dispatch-batch', shipping, {
        packageName: `Weekly shipment ${packageNo}`,
        shippmentNumber: `VNPOST-${240000 + packageNo}`,
        sampleEntryIds: [id],
      });
      await call('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${String(batch.id)}`, shipping);
    },
    async returnResult(id) {
      const jitter = (id % 7) / 10;
      await call('PUT', `/api/third-lab/update-result?id=${id}`, thirdLab, {
        carbon: -26.8 - jitter,
        hydrogen: -62.5 + jitter * 3,
        oxygen: 24.1 + jitter,
        // Expanded uncertainties (k = 2) as an external laboratory typically reports them.
        carbonUncertainty: 0.15,
        hydrogenUncertainty: 2,
        oxygenUncertainty: 0.3,
        notes: 'Measured in duplicate; within the laboratory reference range.',
      });
      version = (await call('PUT', `/api/third-lab/return-result?id=${id}`, thirdLab)).version;
    },
    async confirmFinalResult(id) {
      await call('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${id}`, supervisor, {
        expectedConclusion: 'Consistent with the declared origin',
        conclusion: 'The isotope profile is consistent with the declared origin.',
        predictedOrigin: 'Vietnam',
        // Confirming needs a saved origin analysis or the laboratory's reason to go without one.
        originReason: 'Judged by the supervisor against the laboratory reference range for this material.',
        consistentWithPredictedOrigin: true,
        consistentWithXinjiangOrigin: false,
        version,
      });
      await call('PUT', `/api/supervisor-lab/confirm-final-result?id=${id}`, supervisor);
    },
  };

  const samples: { id: number; stage: SampleStatus }[] = [];
  let bookings = 0;
  for (const [i, client] of clients.entries()) {
    for (let n = 0; n < 2; n++) {
      const form = {
        ...blankBookingForm(),
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
      };
      // A client's second booking is taken by the client-side lab (by phone); the first comes
      // through the public order form.
      const booking =
        n === 1
          ? await call('POST', '/api/bookings/create', cs, form)
          : await call('POST', '/api/sample-submit-form', undefined, form);
      bookings += 1;
      // The last client's second booking is cancelled, a few stay UnConfirmed, the rest go to the lab.
      if (n === 1 && i === clients.length - 1) {
        await call('PUT', `/api/bookings/cancel?id=${String(booking.id)}`, cs, {
          cancelReason: 'Client withdrew the request.',
        });
        continue;
      }
      if (n === 1 && i % 3 === 2) continue;
      const confirmed = await call('PUT', `/api/cs-lab/check-in?id=${String(booking.id)}`, cs);
      for (const { id } of confirmed.sampleEntries as { id: number }[]) {
        const stage = demoStages[samples.length % demoStages.length]!;
        for (const action of journeyTo(stage)) {
          const step = steps[action];
          await (step ? step(id) : fire(action as ForwardAction & SampleChangeName, id));
        }
        samples.push({ id, stage });
      }
    }
  }

  // Reference data for origin analysis: a generated set per material, imported as the CSV a
  // laboratory would upload, then a few analyses saved and classified as an analyst would.
  const upload = new FormData();
  upload.set('file', new File([demoReferenceCsv()], 'demo-reference-set.csv', { type: 'text/csv' }));
  const imported = await app.request('/api/clean-isotope/import', {
    method: 'POST',
    headers: { authorization: `Bearer ${analyst}` },
    body: upload,
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

  return {
    added: true,
    staff: demoStaff.length,
    bookings,
    samples,
    referenceCount,
    analyses: demoAnalyses.length,
  };
}
