import { z } from '@hono/zod-openapi';
import { createUserSchema, updateUserSchema } from '../../../shared/schemas/users.ts';
import { recordVersion } from '../../../shared/schemas/version.ts';
import type { AppRouter } from '../../http/context.ts';
import { conflict } from '../../errors.ts';
import { envelope, listQuery, ok, pageOf, updatedSinceQuery } from '../../http/responses.ts';
import { publicBaseUrl } from '../../http/public-url.ts';
import { defineRoute } from '../../http/route.ts';
import { sendResetLink } from '../../services/accounts/profile.ts';
import { createUser, findAccount, listUsers, updateUser } from '../../services/accounts/users.ts';
import { idParam } from '../../http/params.ts';

const accountSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    email: z.string(),
    role: z.object({ id: z.number().int(), name: z.string() }),
    country: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
    active: z.boolean(),
    lastSignedInAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .openapi('Account');

const filterText = z.string().trim().max(200).optional();

const listUsersRoute = defineRoute({
  method: 'get',
  path: '/api/user',
  tags: ['Users'],
  summary: 'Accounts, filtered and paged',
  access: ['CanViewAllUser'],
  request: {
    query: z.object({
      ...listQuery,
      username: filterText,
      displayName: filterText,
      email: filterText,
      updatedSince: updatedSinceQuery,
    }),
  },
  responses: {
    200: {
      description: 'A page of accounts',
      content: { 'application/json': { schema: envelope(pageOf(accountSchema)) } },
    },
  },
});

const createUserRoute = defineRoute({
  method: 'post',
  path: '/api/user',
  tags: ['Users'],
  summary: 'Create an account with a role and, optionally, a country',
  access: ['CanCreateUser'],
  request: { body: { content: { 'application/json': { schema: createUserSchema } }, required: true } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: envelope(accountSchema) } } },
  },
});

const updateUserRoute = defineRoute({
  method: 'put',
  path: '/api/user/{id}',
  tags: ['Users'],
  summary:
    'Update an account: name, e-mail, role, country, active (`version` is the one last read; a stale write answers 409)',
  access: ['CanUpdateUser'],
  request: {
    params: idParam,
    body: {
      content: { 'application/json': { schema: updateUserSchema.extend({ version: recordVersion }) } },
      required: true,
    },
  },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: envelope(accountSchema) } } },
    404: { description: 'No such account' },
  },
});

const resetUserPasswordRoute = defineRoute({
  method: 'post',
  path: '/api/user/{id}/reset-password',
  tags: ['Users'],
  summary: 'Mail this account a password reset link',
  access: ['CanResetPassowrd'],
  request: { params: idParam },
  responses: {
    200: { description: 'Link sent', content: { 'application/json': { schema: envelope(z.boolean()) } } },
    404: { description: 'No such account' },
  },
});

export function registerUserRoutes(app: AppRouter) {
  app.openapi(listUsersRoute, async (c) => ok(c, await listUsers(c.var.db, c.req.valid('query'))));

  app.openapi(createUserRoute, async (c) => {
    const account = await createUser(c.var.db, { input: c.req.valid('json'), by: c.var.auth });
    return ok(c, account, 'Account created successfully', 201);
  });

  app.openapi(updateUserRoute, async (c) => {
    const account = await updateUser(c.var.db, {
      id: c.req.valid('param').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return ok(c, account, 'Account updated successfully');
  });

  app.openapi(resetUserPasswordRoute, async (c) => {
    const { db, deps } = c.var;
    const account = await findAccount(db, c.req.valid('param').id);
    if (!account.active) throw conflict('accountDeactivated');
    const publicUrl = publicBaseUrl(deps.env, c.req.url);
    await sendResetLink(db, { mailer: deps.mailer, publicUrl, user: account });
    return ok(c, true, `A reset link has been sent to ${account.email}.`);
  });
}
