import type { Context } from 'hono';
import {
  mailClientProgress,
  mailSampleProgress,
  type ProgressMail,
  type SampleProgressMail,
} from '../services/client-portal/client-portal-mail.ts';
import type { AppEnv } from './context.ts';
import { publicBaseUrl } from './public-url.ts';

// The staff routes that move a client's booking on (check-in, certificate, cancel) tell the client
// through here once the change has committed: a change that rolls back mails nobody. What is mailed,
// and to whom, is the client portal's service; this only lends it the request's mailer and address.

export async function tellClientOfBooking(c: Context<AppEnv>, news: Omit<ProgressMail, 'baseUrl'>) {
  const { db, deps } = c.var;
  await mailClientProgress(db, deps.mailer, { ...news, baseUrl: publicBaseUrl(deps.env, c.req.url) });
}

/** The same for a sample: tells the client of the booking it came from, if any. */
export async function tellClientOfSample(
  c: Context<AppEnv>,
  sampleId: number,
  news: Omit<SampleProgressMail, 'baseUrl' | 'sampleId'>,
) {
  const { db, deps } = c.var;
  await mailSampleProgress(db, deps.mailer, { ...news, sampleId, baseUrl: publicBaseUrl(deps.env, c.req.url) });
}
