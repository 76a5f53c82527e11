import { admin, roleUsers } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { openMailbox } from '../support/mailbox.ts';
import { callApi, headersOf, sendSampleToThirdLab } from '../support/sample-setup.ts';

// Staff hold their certificates on the sample page in either language: the supervisor's screen in
// Vietnamese opens, sends (through the real SMTP path) and revokes a certificate. The English walk
// of the same panel is in supervisor.spec.ts.

test('[CERTIFICATE] a supervisor opens, sends and revokes a certificate from the sample page, in Vietnamese', async ({
  page,
  request,
  openSignedIn,
}) => {
  const mailbox = await openMailbox();
  try {
    const asAdmin = await headersOf(request, admin);
    // Four eyes: the third lab enters the result, so the administrator may confirm it.
    const asThirdLab = await headersOf(request, roleUsers.hoanVuLab);
    const email = `certificate-vi-${Date.now()}@client.example`;
    const sample = await sendSampleToThirdLab(request, asAdmin, email);
    await callApi(request, asAdmin, 'PUT', `/api/third-lab/check-in?id=${sample.id}`);
    await callApi(request, asThirdLab, 'PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      carbon: -27.1,
      hydrogen: -65.4,
      oxygen: 24.2,
    });
    const returned = (await callApi(request, asAdmin, 'PUT', `/api/third-lab/return-result?id=${sample.id}`)) as {
      version: number;
    };
    await callApi(request, asAdmin, 'PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      expectedConclusion: 'Consistent with Vietnam',
      conclusion: 'Consistent with the claimed origin',
      predictedOrigin: 'Vietnam',
      originReason: 'No reference set for this material yet',
      version: returned.version,
    });
    await callApi(request, asAdmin, 'PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`);
    await callApi(request, asAdmin, 'PUT', `/api/issue-certificate?id=${sample.id}`);

    await page.addInitScript(() => localStorage.setItem('language', 'vi'));
    await openSignedIn(roleUsers.Supervisor, `/supervisor-samples/${sample.id}`);
    const certificates = page.getByRole('region', { name: 'Chứng nhận' });
    await expect(certificates.getByRole('button', { name: 'Mở PDF' })).toBeVisible();
    await expect(certificates.getByRole('button', { name: 'Sao chép liên kết xác minh' })).toBeVisible();

    await certificates.getByRole('button', { name: 'Gửi cho khách hàng' }).click();
    await expect(page.getByText(`Chứng nhận phiên bản 1 đang được gửi tới ${email}.`)).toBeVisible();
    // The booking was made in English, so its mail is English; it carries the certificate's address.
    const mail = await mailbox.waitForMailTo(email, 20_000, /Certificate of analysis/);
    expect(mail.raw).toContain(sample.idflNumber);
    expect(mail.raw).toMatch(/\/certificate\//);

    await certificates.getByRole('button', { name: 'Thu hồi', exact: true }).click();
    const revoke = page.getByRole('dialog', { name: 'Thu hồi chứng nhận' });
    await revoke.getByLabel('Lý do').fill('Nhầm mẫu khi tiếp nhận');
    await revoke.getByRole('button', { name: 'Thu hồi chứng nhận' }).click();
    await expect(certificates.getByText('Đã thu hồi: Nhầm mẫu khi tiếp nhận')).toBeVisible();
    await expect(page.getByText('Đã thu hồi chứng nhận.')).toBeVisible();
  } finally {
    await mailbox.close();
  }
});
