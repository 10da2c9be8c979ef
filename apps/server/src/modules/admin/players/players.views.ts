import type {
  PlayerDetail,
  PlayerMatch,
  PlayerRecordKind,
  PlayerRecordsResponse,
  PlayerSearchResponse,
} from '@kaixiang/shared/admin-players';
import type { Locale } from '@kaixiang/shared/locale';
import type { ProtectionView } from '@kaixiang/shared/protection';
import type { Currency } from '@kaixiang/shared/wallet';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../infra/clock.ts';
import { balancesOf } from '../../ledger/ledger.ts';
import { vipStatusOf } from '../../vip/vip.service.ts';
import { PLAYER_RECORDS } from './players.records.ts';
import { playersRepo as repo } from './players.repo.ts';

/** The search's ranks (players.repo.ts searchBranches), as the answer names them. */
const MATCH_BY_RANK: readonly PlayerMatch[] = [
  'id',
  'phone',
  'email',
  'steam_id',
  'invite_code',
  'phone_suffix',
  'nick_name',
  'nick_name_contains',
  'recent',
];

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** 张三丰 → 张*丰, 张三 → 张*: enough for staff to match a caller's name, not to copy it. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '';
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** What staff with players.read see of players: the search, a player's page, a player's records. */
export function createPlayerViews(deps: {
  db: Db;
  clock: Clock;
  /** The player's own protection settings, read only (null: never set). */
  protectionOf: (userId: number) => Promise<ProtectionView | null>;
}) {
  const { db, clock } = deps;

  async function existing(userId: number) {
    const u = await repo.userById(db, userId);
    if (!u) throw new AppError('PLAYER_NOT_FOUND');
    return u;
  }

  return {
    async search(q: { q: string; contains: boolean; page: number; page_size: number }): Promise<PlayerSearchResponse> {
      const { rows, total } = await repo.search(db, {
        text: q.q,
        contains: q.contains,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return {
        list: rows.map((r) => ({
          user_id: r.id,
          nick_name: r.nick_name,
          mobile: r.mobile ?? '',
          email: r.email ?? '',
          steam_id: r.steam_id ?? '',
          invite_code: r.invite_code ?? '',
          role: r.role,
          created_at: new Date(r.created_at).getTime(),
          banned: r.banned_at !== null,
          closed: r.destroyed_at !== null,
          balance: Number(r.balance ?? 0),
          match: MATCH_BY_RANK[Number(r.rank)] ?? 'recent',
        })),
        total,
      };
    },

    async detail(userId: number): Promise<PlayerDetail> {
      const u = await existing(userId);
      const now = new Date(clock.now());
      // One after another: on PostgreSQL each is a short indexed read; on PGlite there is one connection anyway.
      const inviterNick = u.inviteUserId === null ? null : await repo.nickOf(db, u.inviteUserId);
      const balances = await balancesOf(db, userId);
      const vip = await vipStatusOf(db, userId);
      const live = await repo.liveSessions(db, userId, now);
      const lastLogin = await repo.lastLoginAt(db, userId);
      const counts = await repo.counts(db, userId);
      const protection = await deps.protectionOf(userId);
      return {
        profile: {
          user_id: u.id,
          nick_name: u.nickName,
          avatar: u.avatar,
          role: u.role,
          account_type: u.accountType,
          mobile: u.mobile ?? '',
          email: u.email ?? '',
          steam_id: u.steamId ?? '',
          trade_link: u.steamLink,
          invite_code: u.superInviteCode ?? '',
          inviter: u.inviteUserId === null ? null : { user_id: u.inviteUserId, nick_name: inviterNick ?? '' },
          vip_level: vip.level,
          created_at: u.createdAt.getTime(),
          last_login_at: ms(lastLogin),
          banned_at: ms(u.bannedAt),
          closed_at: ms(u.destroyedAt),
        },
        balances,
        identity: {
          verified: u.identityVerifiedAt !== null,
          real_name: maskName(u.realName),
          identity_type: u.identityType,
          verified_at: ms(u.identityVerifiedAt),
        },
        sessions: live.map((s) => ({
          id: s.id,
          ip: s.ip,
          user_agent: s.userAgent,
          created_at: s.createdAt.getTime(),
          refreshed_at: ms(s.refreshedAt),
          expires_at: s.expiresAt.getTime(),
        })),
        counts,
        protection,
      };
    },

    async records(
      q: { user_id: number; kind: PlayerRecordKind; currency?: Currency | undefined; page: number; page_size: number },
      locale: Locale,
    ): Promise<PlayerRecordsResponse> {
      await existing(q.user_id);
      const page = await PLAYER_RECORDS[q.kind](db, {
        userId: q.user_id,
        currency: q.currency,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
        locale,
      });
      return { kind: q.kind, ...page } as PlayerRecordsResponse;
    },
  };
}

export type PlayerViews = ReturnType<typeof createPlayerViews>;
