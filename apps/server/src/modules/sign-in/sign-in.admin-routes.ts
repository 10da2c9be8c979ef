import { ok } from '@kaixiang/shared/envelope';
import {
  ADMIN_SIGN_IN_PATHS,
  adminActivitiesResponse,
  adminActivity,
  adminActivityInput,
  adminActivityUpdate,
  adminSignInRewardsInput,
  adminSignInRewardsResponse,
} from '@kaixiang/shared/sign-in';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { ActivitiesAdmin } from '../site/activities.admin.ts';
import type { SignInAdmin } from './sign-in.admin.ts';

/** admin/v1/sign-in/* and admin/v1/activities/*: role admin; schema in, schema out (STYLE.md §1). */
export function signInAdminRoutes(
  admin: { signIn: SignInAdmin; activities: ActivitiesAdmin },
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const gate = { preValidation: requirePermission(authenticate, 'promotions.manage') };
    app.get(
      ADMIN_SIGN_IN_PATHS.rewards,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminSignInRewardsResponse) } } },
      async () => ok(await admin.signIn.rewards()),
    );
    app.post(
      ADMIN_SIGN_IN_PATHS.updateRewards,
      {
        ...gate,
        schema: { tags, body: adminSignInRewardsInput, response: { 200: envelopeOf(adminSignInRewardsResponse) } },
      },
      async (req) => ok(await admin.signIn.update(actorOf(req), req.body)),
    );
    app.get(
      ADMIN_SIGN_IN_PATHS.activities,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminActivitiesResponse) } } },
      async () => ok(await admin.activities.list()),
    );
    app.post(
      ADMIN_SIGN_IN_PATHS.createActivity,
      { ...gate, schema: { tags, body: adminActivityInput, response: { 200: envelopeOf(adminActivity) } } },
      async (req) => ok(await admin.activities.create(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_SIGN_IN_PATHS.updateActivity,
      { ...gate, schema: { tags, body: adminActivityUpdate, response: { 200: envelopeOf(adminActivity) } } },
      async (req) => ok(await admin.activities.update(actorOf(req), req.body)),
    );
  };
}
