import { ok } from '@kaixiang/shared/envelope';
import { SIGN_IN_PATHS, signInInfoResponse, signInRequest, signInResponse } from '@kaixiang/shared/sign-in';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { SignInService } from './sign-in.service.ts';

/** promotion/v1/sign-in/*: schema in, schema out, call the service (STYLE.md §1). */
export function signInRoutes(
  signIn: SignInService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sign-in'];
    const auth = { preHandler: authenticate };
    app.get(
      SIGN_IN_PATHS.info,
      { ...auth, schema: { tags, response: { 200: envelopeOf(signInInfoResponse) } } },
      async (req) => ok(await signIn.info(authOf(req).userId, requestLocale(req))),
    );
    app.post(
      SIGN_IN_PATHS.sign,
      { ...auth, schema: { tags, body: signInRequest, response: { 200: envelopeOf(signInResponse) } } },
      async (req) => ok(await signIn.sign(authOf(req).userId, requestLocale(req))),
    );
  };
}
