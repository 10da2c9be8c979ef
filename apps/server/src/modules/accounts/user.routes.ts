import {
  ACCOUNT_PATHS,
  avatarListResponse,
  bindInviteRequest,
  changeAvatarRequest,
  changeNickNameRequest,
  destroyRequest,
  identityRequest,
  promoteUsersResponse,
  smsSwitchRequest,
  stdMoneyResponse,
  steamLinkRequest,
  steamLinkResponse,
  userDetail,
} from '@kaixiang/shared/accounts';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import type { AccountsModule } from './accounts.module.ts';
import { authOf } from './authenticate.ts';

const empty = z.null();
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
/** The spec lists bind-invite-code under GET; the web client may send it either way. */
const inviteQuery = bindInviteRequest;

/** usercenter/v1/user/*: every route is behind `authenticate` and acts on the token's user only. */
export function userRoutes(m: AccountsModule): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', m.authenticate);
    const tags = ['user centre'];
    const u = m.users;

    app.get(ACCOUNT_PATHS.detail, { schema: { tags, response: { 200: envelopeOf(userDetail) } } }, async (req) =>
      ok(await u.detail(authOf(req).userId)),
    );
    app.get(
      ACCOUNT_PATHS.stdMoney,
      { schema: { tags, response: { 200: envelopeOf(stdMoneyResponse) } } },
      async (req) => ok(await u.stdMoney(authOf(req).userId)),
    );
    app.get(
      ACCOUNT_PATHS.avatarList,
      { schema: { tags, response: { 200: envelopeOf(avatarListResponse) } } },
      async () => ok(await u.avatarList()),
    );
    app.post(
      ACCOUNT_PATHS.changeAvatar,
      { schema: { tags, body: changeAvatarRequest, response: { 200: envelopeOf(z.object({ avatar: z.string() })) } } },
      async (req) => ok(await u.changeAvatar(authOf(req).userId, req.body.avatar_id)),
    );
    app.post(
      ACCOUNT_PATHS.changeNickName,
      {
        schema: {
          tags,
          body: changeNickNameRequest,
          response: { 200: envelopeOf(z.object({ nick_name: z.string() })) },
        },
      },
      async (req) => ok(await u.changeNickName(authOf(req).userId, req.body.nick_name)),
    );
    app.post(
      ACCOUNT_PATHS.smsSwitch,
      { schema: { tags, body: smsSwitchRequest, response: { 200: envelopeOf(empty) } } },
      async (req) => {
        await u.setSmsSwitch(authOf(req).userId, req.body.switch === 1);
        return ok(null);
      },
    );
    app.post(
      ACCOUNT_PATHS.steamLink,
      { schema: { tags, body: steamLinkRequest, response: { 200: envelopeOf(steamLinkResponse) } } },
      async (req) => ok(await u.setSteamLink(authOf(req).userId, req.body.steam_link)),
    );
    app.post(
      ACCOUNT_PATHS.destroy,
      { schema: { tags, body: destroyRequest, response: { 200: envelopeOf(empty) } } },
      async (req) => {
        await u.destroy(authOf(req).userId, req.body.verify_code);
        return ok(null);
      },
    );
    app.get(
      ACCOUNT_PATHS.bindInvite,
      { schema: { tags, querystring: inviteQuery, response: { 200: envelopeOf(empty) } } },
      async (req) => {
        await u.bindInviteCode(authOf(req).userId, req.query.invite_code);
        return ok(null);
      },
    );
    app.post(
      ACCOUNT_PATHS.bindInvite,
      { schema: { tags, body: bindInviteRequest, response: { 200: envelopeOf(empty) } } },
      async (req) => {
        await u.bindInviteCode(authOf(req).userId, req.body.invite_code);
        return ok(null);
      },
    );
    app.get(
      ACCOUNT_PATHS.promoteUsers,
      { schema: { tags, querystring: pageQuery, response: { 200: envelopeOf(promoteUsersResponse) } } },
      async (req) => ok(await u.promoteUsers(authOf(req).userId, req.query.page, req.query.page_size)),
    );
    app.post(
      ACCOUNT_PATHS.identity,
      { schema: { tags, body: identityRequest, response: { 200: envelopeOf(empty) } } },
      async (req) => {
        await u.verifyIdentity(authOf(req).userId, req.body);
        return ok(null, '身份认证成功');
      },
    );
  };
}
