import { z } from '@hono/zod-openapi';
import { allPermissions } from '../../../shared/permissions.ts';
import { roleSchema } from '../../../shared/schemas/roles.ts';
import { recordVersion } from '../../../shared/schemas/version.ts';
import type { AppRouter } from '../../http/context.ts';
import { envelope, listQuery, ok, pageOf, updatedSinceQuery } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import {
  createRole,
  listAllRoles,
  listPermissionCatalogue,
  listRoles,
  updateRole,
} from '../../services/accounts/roles.ts';
import { idQuery } from '../../http/params.ts';

const roleRecordSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    active: z.boolean(),
    permissions: z.array(z.string()),
    userCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .openapi('Role');

const permissionAreaSchema = z
  .object({
    area: z.string().openapi({ example: 'users' }),
    permissions: z.array(z.enum(allPermissions as [string, ...string[]])),
  })
  .openapi('PermissionArea');

const listRolesRoute = defineRoute({
  method: 'get',
  path: '/api/roles',
  tags: ['Roles'],
  summary: 'Roles, searched and paged',
  access: ['CanViewAllRole'],
  request: { query: z.object({ ...listQuery, updatedSince: updatedSinceQuery }) },
  responses: {
    200: {
      description: 'A page of roles',
      content: { 'application/json': { schema: envelope(pageOf(roleRecordSchema)) } },
    },
  },
});

const allRolesRoute = defineRoute({
  method: 'get',
  path: '/api/roles/get-all-role',
  tags: ['Roles'],
  summary: 'Every role, for pickers',
  access: ['CanViewAllRole'],
  responses: {
    200: { description: 'All roles', content: { 'application/json': { schema: envelope(z.array(roleRecordSchema)) } } },
  },
});

const permissionsRoute = defineRoute({
  method: 'get',
  path: '/api/roles/permissions',
  tags: ['Roles'],
  summary: 'The permission catalogue, grouped by area',
  access: ['CanViewAllPermission'],
  responses: {
    200: {
      description: 'The catalogue',
      content: { 'application/json': { schema: envelope(z.array(permissionAreaSchema)) } },
    },
  },
});

const createRoleRoute = defineRoute({
  method: 'post',
  path: '/api/roles',
  tags: ['Roles'],
  summary: 'Create a role with its permissions',
  access: ['CanCreateRolePermission'],
  request: { body: { content: { 'application/json': { schema: roleSchema } }, required: true } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: envelope(roleRecordSchema) } } },
  },
});

const updateRoleRoute = defineRoute({
  method: 'put',
  path: '/api/roles',
  tags: ['Roles'],
  summary: 'Update a role (`version` is the one last read; a stale write answers 409)',
  access: ['CanUpdateRolePermission'],
  request: {
    query: idQuery,
    body: {
      content: { 'application/json': { schema: roleSchema.extend({ version: recordVersion }) } },
      required: true,
    },
  },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: envelope(roleRecordSchema) } } },
    404: { description: 'No such role' },
  },
});

export function registerRoleRoutes(app: AppRouter) {
  app.openapi(listRolesRoute, async (c) => ok(c, await listRoles(c.var.db, c.req.valid('query'))));
  app.openapi(allRolesRoute, async (c) => ok(c, await listAllRoles(c.var.db)));
  app.openapi(permissionsRoute, async (c) => ok(c, listPermissionCatalogue()));

  app.openapi(createRoleRoute, async (c) => {
    const record = await createRole(c.var.db, { input: c.req.valid('json'), by: c.var.auth });
    return ok(c, record, 'Role created successfully', 201);
  });

  app.openapi(updateRoleRoute, async (c) => {
    const record = await updateRole(c.var.db, {
      id: c.req.valid('query').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return ok(c, record, 'Role updated successfully');
  });
}
