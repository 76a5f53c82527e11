import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { admin, roleUsers } from './accounts.ts';
import { expect, signInThroughApi } from './fixtures.ts';
import { bookingBody, submitBookingThroughApi } from './page-models/booking-pages.ts';
import { seedSampleSentToTester, seedSampleTesterConfirmed } from './sample-seeding.ts';
import { callApi, headersOf, returnResult } from './sample-setup.ts';
import type { Say } from './words.ts';

/**
 * The screens whose dialogs and menus the accessibility scan opens, and the records that
 * make each dialog appear: a sample in every state a bench acts on, a booking waiting and one
 * confirmed with an attachment, a dispatch batch being packed. Seeded once through the API and
 * shared by the specs of a run: the scan only opens dialogs and closes them again.
 */

export type DialogOpening = { name: string; open: (page: Page, say: Say) => Locator };
export type DialogScreen = {
  path: string;
  /** Scan the screen itself too (a state the route walk does not see). */
  scanScreen?: boolean;
  /** Done once the screen has loaded, before its dialogs are opened. */
  prepare?: (page: Page, say: Say) => Promise<void>;
  dialogs: DialogOpening[];
};

export type DialogRecords = Awaited<ReturnType<typeof seed>>;

// A 1×1 PNG: the attachments endpoint sniffs the type from the bytes.
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function seed(request: APIRequestContext) {
  const stamp = Date.now().toString(36).toUpperCase();
  const asAdmin = await headersOf(request, admin);
  const adminLogin = await signInThroughApi(request, admin);
  const asSupervisor = await headersOf(request, roleUsers.Supervisor);

  // Bookings: one waiting for confirmation; one confirmed, with an attachment and four samples that
  // go on to the third lab in one package and stop in the states its bench and the supervisor act on.
  const waiting = await submitBookingThroughApi(request, bookingBody({ email: `waiting-${stamp}@a11y.example` }));
  const uploaded = await request.post('/api/sample-submit-form/attachments', {
    multipart: { files: { name: 'bale-label.png', mimeType: 'image/png', buffer: tinyPng } },
  });
  expect(uploaded.status()).toBe(201);
  const [attachment] = ((await uploaded.json()) as { data: { id: string }[] }).data;
  const confirmed = await submitBookingThroughApi(request, {
    ...bookingBody({ email: `confirmed-${stamp}@a11y.example` }),
    sampleTypes: ['Jasmine rice', 'Cotton lint', 'Green tea', 'Robusta coffee'].map((type) => ({
      type,
      composition: 'Whole',
      expectedOrigins: [{ origin: 'Vietnam' }],
      notes: '',
    })),
    ...({ attachmentFileIds: [attachment!.id] } as object),
  });
  const { sampleEntries } = (await callApi(request, asAdmin, 'PUT', `/api/cs-lab/check-in?id=${confirmed.id}`)) as {
    sampleEntries: { id: number; idflNumber: string }[];
  };
  const thirdLabBatch = (await callApi(request, asAdmin, 'POST', '/api/sample-dispatch-batch', {
    packageName: `A11Y third lab ${stamp}`,
    shippmentNumber: `A11Y-3L-${stamp}`,
  })) as { id: number; packageCode: string };
  for (const { id } of sampleEntries) {
    // Confirming the booking accepts the order; each sample is received (checked in) on its own.
    await callApi(request, asAdmin, 'PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, {
      receivedDate: new Date().toISOString(),
      receivedBy: 'Lan Nguyen',
      initialWeight: 120,
      unit: 'g',
      receivedCondition: 'intact',
    });
    await callApi(request, asAdmin, 'PUT', `/api/cs-lab/transfer-to-tester?id=${id}`);
    await callApi(request, asAdmin, 'PUT', `/api/tester-lab/check-in?id=${id}`);
    await callApi(request, asAdmin, 'POST', `/api/tester-lab/transfer-to-third-lab?id=${id}`, {
      packageCode: thirdLabBatch.packageCode,
    });
  }
  await callApi(request, asAdmin, 'POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${thirdLabBatch.id}`);
  const [sentToThirdLab, thirdLabConfirmed, resultReturned, resultConfirmed] = sampleEntries as [
    (typeof sampleEntries)[number],
    (typeof sampleEntries)[number],
    (typeof sampleEntries)[number],
    (typeof sampleEntries)[number],
  ];
  await callApi(request, asAdmin, 'PUT', `/api/third-lab/check-in?id=${thirdLabConfirmed.id}`);
  await returnResult(request, asAdmin, resultReturned.id);
  await returnResult(request, asAdmin, resultConfirmed.id);
  // The returned result carries a conclusion and the reason it has no analysis, so Confirm final
  // result is offered (the screen keeps it off until the confirm rule holds).
  const returned = await request.get(`/api/supervisor-lab/get-detail/${resultReturned.id}`, { headers: asAdmin });
  await callApi(request, asAdmin, 'PUT', `/api/supervisor-lab/conclusion-lab/update?id=${resultReturned.id}`, {
    expectedConclusion: 'Vietnam',
    conclusion: 'Consistent with Vietnam',
    originReason: 'No reference set for this material yet',
    version: ((await returned.json()) as { data: { version: number } }).data.version,
  });
  const detail = await request.get(`/api/supervisor-lab/get-detail/${resultConfirmed.id}`, { headers: asAdmin });
  const { version } = ((await detail.json()) as { data: { version: number } }).data;
  await callApi(request, asAdmin, 'PUT', `/api/supervisor-lab/conclusion-lab/update?id=${resultConfirmed.id}`, {
    expectedConclusion: 'Vietnam',
    conclusion: 'Consistent with Vietnam',
    originReason: 'No reference set for this material yet',
    version,
  });
  // Four eyes: someone other than who entered the result confirms it.
  await callApi(request, asSupervisor, 'PUT', `/api/supervisor-lab/confirm-final-result?id=${resultConfirmed.id}`);

  // The client-side lab's and the tester's samples, each in the state whose dialogs are scanned.
  const created = (await callApi(request, asAdmin, 'POST', '/api/cs-lab/create', {
    sampleType: 'Cotton',
    sampleCode: `A11Y-NEW-${stamp}`,
    source: 'A11Y bench',
    fromClientInfo: 'Bale 3',
  })) as { id: number };
  const checkedIn = (await callApi(request, asAdmin, 'POST', '/api/cs-lab/create', {
    sampleType: 'Cotton',
    sampleCode: `A11Y-CS-${stamp}`,
    source: 'A11Y bench',
    fromClientInfo: 'Bale 4',
  })) as { id: number };
  await callApi(request, asAdmin, 'PUT', `/api/cs-lab/check-in?id=${checkedIn.id}&entry=sample`, {
    receivedDate: new Date().toISOString().slice(0, 10),
    receivedBy: admin.displayName,
    initialWeight: 12.5,
  });
  const sentToTester = await seedSampleSentToTester(request, adminLogin, `A11Y-ST-${stamp}`);
  const testerConfirmed = await seedSampleTesterConfirmed(request, adminLogin, adminLogin, `A11Y-TC-${stamp}`);
  const packed = await seedSampleTesterConfirmed(request, adminLogin, adminLogin, `A11Y-PK-${stamp}`);
  const draftBatch = (await callApi(request, asAdmin, 'POST', '/api/sample-dispatch-batch', {
    packageName: `A11Y draft ${stamp}`,
    shippmentNumber: `A11Y-DR-${stamp}`,
  })) as { id: number; packageCode: string };
  await callApi(request, asAdmin, 'POST', `/api/tester-lab/transfer-to-third-lab?id=${packed.id}`, {
    packageCode: draftBatch.packageCode,
  });

  return {
    waitingBooking: waiting.id,
    confirmedBooking: confirmed.id,
    newSample: created.id,
    checkedInSample: checkedIn.id,
    sentToTester: sentToTester.id,
    testerConfirmed: testerConfirmed.id,
    draftPackageCode: draftBatch.packageCode,
    sentToThirdLab: sentToThirdLab.idflNumber,
    thirdLabConfirmed: thirdLabConfirmed.idflNumber,
    resultReturned: resultReturned.id,
    resultConfirmed: resultConfirmed.id,
  };
}

let seeded: Promise<DialogRecords> | undefined;

/** The records, seeded by the first spec of the run that asks for them. */
export function seedDialogScreens(request: APIRequestContext): Promise<DialogRecords> {
  seeded ??= seed(request);
  return seeded;
}

function button(page: Page | Locator, name: string) {
  return page.getByRole('button', { name, exact: true });
}

export function screensWithDialogs(records: DialogRecords) {
  const administration: DialogScreen[] = [
    {
      path: '/settings/roles',
      dialogs: [
        { name: 'add role', open: (page, say) => button(page, say('roles:create')) },
        {
          name: 'edit role',
          // The role is shown by its label in the reader's language (shared/role-labels.ts).
          open: (page, say) => button(page, say('roles:editNamed', { name: say('roles:names.Administrator') })),
        },
      ],
    },
    {
      path: '/settings/accounts',
      dialogs: [
        { name: 'add account', open: (page, say) => button(page, say('accounts:create')) },
        {
          name: 'edit account',
          open: (page, say) => button(page, say('accounts:editNamed', { name: admin.username })),
        },
        {
          name: 'reset password',
          open: (page, say) => button(page, say('accounts:resetPasswordNamed', { name: admin.username })),
        },
      ],
    },
  ];

  const bookings: DialogScreen[] = [
    {
      path: `/bookings/${records.waitingBooking}`,
      dialogs: [
        { name: 'confirm booking', open: (page, say) => button(page, say('bookings:detail.confirm')) },
        { name: 'cancel booking', open: (page, say) => button(page, say('bookings:detail.cancel')) },
      ],
    },
    {
      // Confirmed, with its attachment and sample entries listed.
      path: `/bookings/${records.confirmedBooking}`,
      scanScreen: true,
      dialogs: [{ name: 'print labels', open: (page, say) => button(page, say('labels:printMany')) }],
    },
  ];

  // The client-side lab and the tester.
  const intake: DialogScreen[] = [
    {
      path: '/clients',
      dialogs: [
        { name: 'create sample', open: (page, say) => button(page, say('cs-lab:form.create')) },
        { name: 'destroy order', open: (page, say) => button(page, say('cs-lab:destroy.open')) },
        { name: 'scan to check in', open: (page, say) => button(page, say('scan-check-in:button')) },
      ],
    },
    {
      path: `/clients/${records.newSample}`,
      dialogs: [
        { name: 'edit sample', open: (page, say) => button(page, say('cs-lab:edit')) },
        { name: 'CS check in', open: (page, say) => button(page, say('samples:actions.csCheckIn')) },
      ],
    },
    {
      path: `/clients/${records.checkedInSample}`,
      dialogs: [
        { name: 'transfer to tester', open: (page, say) => button(page, say('samples:actions.transferToTester')) },
        { name: 'print label', open: (page, say) => button(page, say('labels:print')) },
      ],
    },
    {
      path: `/testers/${records.sentToTester}`,
      dialogs: [
        { name: 'tester check in', open: (page, say) => button(page, say('samples:actions.testerCheckIn')) },
        { name: 'undo to CS', open: (page, say) => button(page, say('samples:actions.undoTester')) },
      ],
    },
    {
      path: `/testers/${records.testerConfirmed}`,
      dialogs: [{ name: 'add to dispatch batch', open: (page, say) => button(page, say('tester:addToBatch.open')) }],
    },
  ];

  // Dispatch and the supervisor.
  const shipping: DialogScreen[] = [
    {
      path: '/packages',
      prepare: async (page, say) => {
        await page
          .getByRole('textbox', { name: say('dispatch:field.packageCode'), exact: true })
          .fill(records.draftPackageCode);
        await expect(page.getByRole('row').filter({ hasText: records.draftPackageCode })).toHaveCount(1);
      },
      dialogs: [
        { name: 'create package', open: (page, say) => button(page, say('dispatch:form.create')) },
        ...(['labels:printMany', 'dispatch:packingList.open', 'dispatch:edit', 'dispatch:send.open'] as const).map(
          (key) => ({
            name: key,
            open: (page: Page, say: Say) =>
              button(page.getByRole('row').filter({ hasText: records.draftPackageCode }), say(key)),
          }),
        ),
      ],
    },
    {
      path: `/supervisor-samples/${records.resultReturned}`,
      dialogs: [
        { name: 'confirm final result', open: (page, say) => button(page, say('supervisor:decisions.confirm.action')) },
        { name: 'undo returned result', open: (page, say) => button(page, say('supervisor:decisions.undo.action')) },
      ],
    },
    {
      path: `/supervisor-samples/${records.resultConfirmed}`,
      dialogs: [
        { name: 'transfer IDFL data', open: (page, say) => button(page, say('supervisor:transfer.action')) },
        {
          name: 'issue certificate',
          open: (page, say) => button(page, say('supervisor:decisions.certificate.action')),
        },
      ],
    },
  ];

  const thirdLab: DialogScreen[] = [
    {
      path: '/thirdlab-samples',
      dialogs: [
        {
          name: 'confirm received',
          open: (page, say) =>
            button(page.locator(`tr[data-idfl="${records.sentToThirdLab}"]`), say('third-lab:actions.confirmReceived')),
        },
        {
          // The sample's drawer, with the result form of a received sample.
          name: 'enter results',
          open: (page, say) => button(page, say('third-lab:open', { idflNumber: records.thirdLabConfirmed })),
        },
        { name: 'undo package', open: (page, say) => button(page, say('third-lab:actions.undoPackage')) },
        { name: 'scan to check in', open: (page, say) => button(page, say('scan-check-in:button')) },
      ],
    },
  ];

  return { administration, bookings, intake, shipping, thirdLab };
}
