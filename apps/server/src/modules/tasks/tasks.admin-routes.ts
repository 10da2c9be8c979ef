import {
  ADMIN_TASK_PATHS,
  adminTask,
  adminTaskInput,
  adminTasksResponse,
  adminTaskUpdate,
} from '@kaixiang/shared/admin-tasks';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { TasksAdmin } from './tasks.admin.ts';

/** admin/v1/tasks/*: role admin; schema in, schema out, call the admin service (STYLE.md §1). */
export function tasksAdminRoutes(
  admin: TasksAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const gate = { preValidation: requirePermission(authenticate, 'promotions.manage') };
    app.get(
      ADMIN_TASK_PATHS.list,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminTasksResponse) } } },
      async () => ok(await admin.list()),
    );
    app.post(
      ADMIN_TASK_PATHS.create,
      { ...gate, schema: { tags, body: adminTaskInput, response: { 200: envelopeOf(adminTask) } } },
      async (req) => ok(await admin.create(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_TASK_PATHS.update,
      { ...gate, schema: { tags, body: adminTaskUpdate, response: { 200: envelopeOf(adminTask) } } },
      async (req) => ok(await admin.update(actorOf(req), req.body)),
    );
  };
}
