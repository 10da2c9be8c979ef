import { ok } from '@kaixiang/shared/envelope';
import { TASK_PATHS, taskClaimRequest, taskClaimResponse, taskListResponse } from '@kaixiang/shared/tasks';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf, bearerToken } from '../accounts/authenticate.ts';
import type { TasksService } from './tasks.service.ts';

/**
 * promotion/v1/daily-task/*: schema in, schema out, call the service (STYLE.md §1). The list is
 * public (a signed-out visitor sees the tasks and their rewards); a claim needs a login.
 */
export function tasksRoutes(
  tasks: TasksService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const schemaTags = ['tasks'];
    const maybeAuth = async (req: FastifyRequest) => {
      if (bearerToken(req)) await authenticate(req);
    };
    app.get(
      TASK_PATHS.list,
      { preHandler: maybeAuth, schema: { tags: schemaTags, response: { 200: envelopeOf(taskListResponse) } } },
      async (req) => ok(await tasks.list(req.auth?.userId ?? null, requestLocale(req))),
    );
    app.post(
      TASK_PATHS.claim,
      {
        preHandler: authenticate,
        schema: { tags: schemaTags, body: taskClaimRequest, response: { 200: envelopeOf(taskClaimResponse) } },
      },
      async (req) => ok(await tasks.claim(authOf(req).userId, req.body.task_id)),
    );
  };
}
