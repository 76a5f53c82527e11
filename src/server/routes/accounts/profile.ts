import { z } from '@hono/zod-openapi';
import {
  changePasswordSchema,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
} from '../../../shared/schemas/auth.ts';
import type { AppRouter } from '../../http/context.ts';
import { profileSchema } from '../../http/schemas/profile-schema.ts';
import { envelope, ok } from '../../http/responses.ts';
import { publicBaseUrl } from '../../http/public-url.ts';
import { defineRoute } from '../../http/route.ts';
import {
  changePassword,
  completePasswordReset,
  loadProfile,
  requestPasswordReset,
} from '../../services/accounts/profile.ts';
import { RESET_MAIL_PER_RECIPIENT, resetMailKey } from '../../services/messaging/recipient-limits.ts';
import { enforceLimit } from '../../services/accounts/rate-limit.ts';
import { clientAddress } from '../../http/client-address.ts';

const ownUserRoute = defineRoute({
  method: 'get',
  path: '/api/user/get-own-user',
  tags: ['Users'],
  summary: "The signed-in user's profile with permissions",
  access: ['CanGetOwnUser'],
  responses: { 200: { description: 'Profile', content: { 'application/json': { schema: envelope(profileSchema) } } } },
});

const changePasswordRoute = defineRoute({
  method: 'post',
  path: '/api/user/change-password',
  tags: ['Users'],
  summary: 'Change your own password',
  access: ['CanChangePassword'],
  request: { body: { content: { 'application/json': { schema: changePasswordSchema } }, required: true } },
  responses: {
    200: { description: 'Changed', content: { 'application/json': { schema: envelope(z.boolean()) } } },
  },
});

const resetRequestRoute = defineRoute({
  method: 'post',
  path: '/api/user/reset-password',
  tags: ['Users'],
  summary: 'Mail a password reset link (same answer whether or not the address is known)',
  access: 'public',
  request: { query: resetPasswordRequestSchema },
  responses: {
    200: { description: 'Requested', content: { 'application/json': { schema: envelope(z.boolean()) } } },
  },
});

const resetConfirmRoute = defineRoute({
  method: 'post',
  path: '/api/user/reset-password/confirm',
  tags: ['Users'],
  summary: 'Choose a new password with the token from the reset link',
  access: 'public',
  request: { body: { content: { 'application/json': { schema: resetPasswordConfirmSchema } }, required: true } },
  responses: {
    200: { description: 'Password set', content: { 'application/json': { schema: envelope(z.boolean()) } } },
  },
});

const RESET_REQUESTED_MESSAGE = 'If an account uses this e-mail, a reset link has been sent to it.';

export function registerProfileRoutes(app: AppRouter) {
  app.openapi(ownUserRoute, async (c) => ok(c, await loadProfile(c.var.db, c.var.auth.id)));

  app.openapi(changePasswordRoute, async (c) => {
    const { oldPassword, newPassword } = c.req.valid('json');
    await changePassword(c.var.db, { user: c.var.auth, oldPassword, newPassword });
    return ok(c, true, 'Password changed successfully');
  });

  app.openapi(resetRequestRoute, async (c) => {
    const { email } = c.req.valid('query');
    const { db, deps } = c.var;
    await enforceLimit(db, `reset:address:${clientAddress(c)}`, { limit: 10, seconds: 3600 });
    await enforceLimit(db, resetMailKey(email), RESET_MAIL_PER_RECIPIENT);
    const publicUrl = publicBaseUrl(deps.env, c.req.url);
    // Whether the address has an account is looked up after the answer: both answers take the same
    // work and the same time, so neither their words nor their timing tell which e-mails exist.
    deps.background.run('password reset request', async () => {
      await requestPasswordReset(deps.database.db, { mailer: deps.mailer, publicUrl, email });
      if (deps.mailer.hasQueued) await deps.mailer.deliver(deps.database.db);
    });
    return ok(c, true, RESET_REQUESTED_MESSAGE);
  });

  app.openapi(resetConfirmRoute, async (c) => {
    const { token, newPassword } = c.req.valid('json');
    await completePasswordReset(c.var.db, { token, newPassword });
    return ok(c, true, 'Password changed successfully');
  });
}
