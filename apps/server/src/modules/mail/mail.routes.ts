import { ok } from '@kaixiang/shared/envelope';
import {
  MAIL_PATHS,
  mailIdRequest,
  mailPageQuery,
  mailsResponse,
  newMailCountResponse,
  receiveAllRequest,
  receiveResponse,
  redeemRequest,
  redeemResponse,
} from '@kaixiang/shared/mail';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { MailService } from './mail.service.ts';
import type { RedeemService } from './redeem.service.ts';

/** Mail calls under usercenter/v1/user and the redeem call: schema in, schema out, call the service. */
export function mailRoutes(
  mail: MailService,
  redeem: RedeemService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: authenticate };
    const tags = ['mail'];

    app.get(
      MAIL_PATHS.newMailCount,
      { ...auth, schema: { tags, response: { 200: envelopeOf(newMailCountResponse) } } },
      async (req) => ok(await mail.newMailCount(authOf(req).userId)),
    );
    app.get(
      MAIL_PATHS.mails,
      { ...auth, schema: { tags, querystring: mailPageQuery, response: { 200: envelopeOf(mailsResponse) } } },
      async (req) => ok(await mail.list(authOf(req).userId, req.query, requestLocale(req))),
    );
    app.post(
      MAIL_PATHS.markRead,
      { ...auth, schema: { tags, body: mailIdRequest, response: { 200: envelopeOf(newMailCountResponse) } } },
      async (req) => ok(await mail.markRead(authOf(req).userId, req.body.id)),
    );
    app.post(
      MAIL_PATHS.receive,
      { ...auth, schema: { tags, body: mailIdRequest, response: { 200: envelopeOf(receiveResponse) } } },
      async (req) => ok(await mail.receiveOne(authOf(req).userId, req.body.id)),
    );
    app.post(
      MAIL_PATHS.receiveAll,
      { ...auth, schema: { tags, body: receiveAllRequest, response: { 200: envelopeOf(receiveResponse) } } },
      async (req) => ok(await mail.receiveAll(authOf(req).userId)),
    );
    app.post(
      MAIL_PATHS.redeem,
      { ...auth, schema: { tags, body: redeemRequest, response: { 200: envelopeOf(redeemResponse) } } },
      async (req) => {
        const r = await redeem.redeem(authOf(req).userId, req.body.key, requestLocale(req), req.ip);
        return ok(r.data, r.msg);
      },
    );
  };
}
