import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext } from '@playwright/test';
import { extractImages, readQrCodes } from '../../server/support/pdf-qr.ts';
import { admin, e2eBaseUrl, roleUsers } from '../support/accounts.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { writeFakeCameraVideo } from '../support/fake-camera.ts';

// End to end: a sample driven to ResultConfirmed through the API, its certificate issued,
// the QR code read back out of the PDF, and the public page at that address telling the truth —
// valid, then revoked. The scanner is proven on a fake camera playing our own printed QR codes.

type Sample = { id: number; idflNumber: string };

async function bearer(request: APIRequestContext, account = admin) {
  const login = await signInThroughApi(request, account);
  return { authorization: `Bearer ${login.data.accessToken}` };
}

async function call(
  request: APIRequestContext,
  headers: Record<string, string>,
  method: 'post' | 'put',
  url: string,
  data?: unknown,
) {
  const response = await request[method](url, { headers, data });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: any }).data;
}

/** A sample taken through every laboratory stage to ResultConfirmed (four eyes: the third lab enters the result). */
async function confirmedSample(request: APIRequestContext): Promise<Sample> {
  const staff = await bearer(request);
  const thirdLab = await bearer(request, roleUsers.hoanVuLab);
  const sample = (await call(request, staff, 'post', '/api/cs-lab/create', {
    sampleType: 'Cotton',
    sampleCode: 'SC-E2E',
    source: 'Client',
    fromClientInfo: 'Acme Textiles, Ho Chi Minh City',
  })) as Sample;
  const id = sample.id;
  await call(request, staff, 'put', `/api/cs-lab/check-in?id=${id}&entry=sample`, {
    receivedDate: new Date().toISOString(),
    receivedBy: 'Lan Nguyen',
    initialWeight: 120,
    unit: 'g',
  });
  await call(request, staff, 'put', `/api/cs-lab/transfer-to-tester?id=${id}`);
  await call(request, staff, 'put', `/api/tester-lab/check-in?id=${id}`);
  const batch = await call(request, staff, 'post', '/api/sample-dispatch-batch', {
    packageName: 'Box',
    shippmentNumber: 'SHIP-E2E',
    sampleEntryIds: [id],
  });
  await call(request, staff, 'post', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`);
  await call(request, staff, 'put', `/api/third-lab/check-in?id=${id}`);
  await call(request, thirdLab, 'put', `/api/third-lab/update-result?id=${id}`, {
    carbon: -27.1,
    hydrogen: -65.4,
    oxygen: 24.2,
  });
  const returned = await call(request, staff, 'put', `/api/third-lab/return-result?id=${id}`);
  await call(request, staff, 'put', `/api/supervisor-lab/conclusion-lab/update?id=${id}`, {
    expectedConclusion: 'Consistent with Vietnam',
    conclusion: 'Consistent with the claimed origin',
    predictedOrigin: 'Vietnam',
    originReason: 'No reference set for this material yet',
    version: returned.version,
  });
  await call(request, staff, 'put', `/api/supervisor-lab/confirm-final-result?id=${id}`);
  return sample;
}

async function issueCertificate(request: APIRequestContext, sample: Sample) {
  const staff = await bearer(request);
  const issued = (await call(request, staff, 'put', `/api/issue-certificate?id=${sample.id}`)) as {
    token: string;
    url: string;
  };
  const file = await request.get(`/api/issue-certificate/file?token=${issued.token}`, { headers: staff });
  expect(file.status()).toBe(200);
  const pdf = new Uint8Array(await file.body());
  return { ...issued, staff, pdf };
}

test('a certificate is verified at the address of its QR code, then shows as revoked', async ({ page, request }) => {
  const sample = await confirmedSample(request);
  const { token, url, staff, pdf } = await issueCertificate(request, sample);
  const [qrText] = await readQrCodes(pdf);
  expect(qrText).toBe(`${e2eBaseUrl}/certificate/${token}`);
  expect(qrText).toBe(url);

  // No sign-in: a fresh visitor opens the address the QR code holds.
  await page.goto(qrText!);
  await expect(page.getByRole('heading', { name: 'Certificate verification' })).toBeVisible();
  const status = page.locator('[data-certificate-status]');
  await expect(status).toHaveAttribute('data-certificate-status', 'Valid');
  await expect(status).toContainText('Valid certificate');
  await expect(page.locator('[data-field="idflNumber"]')).toHaveText(sample.idflNumber);
  await expect(page.locator('[data-field="sampleType"]')).toHaveText('Cotton');
  await expect(page.locator('[data-field="conclusion"]')).toHaveText('Consistent with the claimed origin');
  await expect(page.locator('[data-field="carbon"]')).toHaveText('-27.10 ‰');
  // The signatory's function as the certificate prints it: the administrator's role, in words.
  await expect(page.locator('[data-field="signatoryRole"]')).toHaveText('Administrator');
  await expect(page.getByText('Scan the QR code on the certificate or visit our website to verify it.')).toBeVisible();

  // Vietnamese through the language switch.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: /Tiếng Việt/ }).click();
  await expect(status).toContainText('Chứng nhận hợp lệ');
  await expect(page.locator('[data-field="signatoryRole"]')).toHaveText('Quản trị viên');
  await page.getByRole('button', { name: /Ngôn ngữ|Language/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();

  await call(request, staff, 'put', `/api/issue-certificate/revoke?id=${sample.id}`, {
    reason: 'Sample mix-up at reception',
  });
  await page.reload();
  await expect(status).toHaveAttribute('data-certificate-status', 'Revoked');
  await expect(status).toContainText('Revoked');
  await expect(status).toContainText('Sample mix-up at reception');

  // A re-issue (of version 1) with its reason: the revoked address stays revoked and names the version in force.
  await call(request, staff, 'put', `/api/issue-certificate?id=${sample.id}&supersedes=1`, {
    reason: 'Sample re-measured',
  });
  await page.reload();
  await expect(status).toHaveAttribute('data-certificate-status', 'Revoked');
  await expect(page.locator('[data-field="currentVersion"]')).toContainText('The version in force now is version 2');
});

test('an unknown certificate says so plainly', async ({ page }) => {
  await page.goto(`/certificate/${'A'.repeat(43)}`);
  const status = page.locator('[data-certificate-status]');
  await expect(status).toHaveAttribute('data-certificate-status', 'Unknown');
  await expect(status).toContainText('Unknown certificate');
});

test.describe('the camera scanner', () => {
  // The decoder misses a certificate's code in the fake camera's frames about one run in six here
  // (a 640 × 480 or a square frame alike; the label's coarser code never): a second try reads it.
  test.describe.configure({ retries: 2 });

  test('the scanner reads printed QR codes from a camera', async ({ request }) => {
    // Two browsers of their own, each decoding camera frames: slower than one page on a busy machine.
    test.setTimeout(120_000);
    const sample = await confirmedSample(request);
    const { token, pdf } = await issueCertificate(request, sample);
    const staff = await bearer(request);
    const label = await request.get(`/api/labels/sample/${sample.id}`, { headers: staff });
    expect(label.status()).toBe(200);
    const labelQr = (await extractImages(new Uint8Array(await label.body())))[0]!;
    const certificateQr = (await extractImages(pdf))[0]!;
    const dir = mkdtempSync(path.join(tmpdir(), 'fake-camera-'));

    const withCamera = async (video: string, run: (page: import('@playwright/test').Page) => Promise<void>) => {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${video}`,
        ],
      });
      try {
        const context = await browser.newContext({ baseURL: e2eBaseUrl, locale: 'en-US' });
        await context.grantPermissions(['camera'], { origin: e2eBaseUrl });
        await run(await context.newPage());
      } finally {
        await browser.close();
      }
    };

    // The sample's own label: read, and refused by the certificate scanner, naming what it read.
    const labelVideo = path.join(dir, 'label.y4m');
    writeFakeCameraVideo(labelVideo, labelQr);
    await withCamera(labelVideo, async (page) => {
      await page.goto(`/certificate/${'A'.repeat(43)}`);
      await page.getByRole('button', { name: 'Scan certificate' }).click();
      await expect(
        page.getByRole('dialog').getByText(`not a certificate of this laboratory: ${sample.idflNumber}`),
      ).toBeVisible({
        timeout: 20_000,
      });
    });

    // The certificate's QR code: read, and the page of that certificate opens.
    const certificateVideo = path.join(dir, 'certificate.y4m');
    writeFakeCameraVideo(certificateVideo, certificateQr);
    await withCamera(certificateVideo, async (page) => {
      await page.goto(`/certificate/${'A'.repeat(43)}`);
      await page.getByRole('button', { name: 'Scan certificate' }).click();
      // Until the page of that certificate opens, what the scanner says is the value watched, so a
      // failure shows what it read or refused instead of only the old address.
      await expect
        .poll(
          async () =>
            page.url().endsWith(`/certificate/${token}`)
              ? 'opened'
              : await page
                  .getByRole('dialog')
                  .innerText({ timeout: 1_000 })
                  .catch(() => 'no dialog'),
          { timeout: 30_000 },
        )
        .toBe('opened');
      await expect(page.locator('[data-certificate-status]')).toHaveAttribute('data-certificate-status', 'Valid');
    });
  });
});
