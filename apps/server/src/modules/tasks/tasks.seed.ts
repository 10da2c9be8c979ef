import type { TaskKind } from '@kaixiang/shared/tasks';
import type { Db } from '../../db/client.ts';
import { dailyTaskRewards, dailyTasks } from '../../db/schema/tasks.ts';

interface DefaultTask {
  slug: string;
  kind: TaskKind;
  nameZhCn: string;
  nameZhTw: string;
  nameEn: string;
  target: number;
  /** [vip_min, vip_max, points, coin units]. */
  rewards: [number, number, number, number][];
}

/**
 * Points grow with the VIP level (0–2, 3–5, 6–10); the recharge task adds coins. A newcomer can
 * complete the first two by opening boxes on a fresh `npm start` (docs/promotions/tasks.md
 * "Defaults"). 1 point is 1 unit of the ledger's `point` currency.
 */
const DEFAULTS: DefaultTask[] = [
  {
    slug: 'open_box_1',
    kind: 'open_box',
    nameZhCn: '开启1个箱子',
    nameZhTw: '開啟1個箱子',
    nameEn: 'Open 1 case',
    target: 1,
    rewards: [
      [0, 2, 10, 0],
      [3, 5, 20, 0],
      [6, 10, 40, 0],
    ],
  },
  {
    slug: 'open_box_5',
    kind: 'open_box',
    nameZhCn: '开启5个箱子',
    nameZhTw: '開啟5個箱子',
    nameEn: 'Open 5 cases',
    target: 5,
    rewards: [
      [0, 2, 30, 0],
      [3, 5, 60, 0],
      [6, 10, 100, 5_000],
    ],
  },
  {
    slug: 'battle_1',
    kind: 'battle',
    nameZhCn: '参与1场对战',
    nameZhTw: '參與1場對戰',
    nameEn: 'Play 1 battle',
    target: 1,
    rewards: [
      [0, 2, 20, 0],
      [3, 5, 40, 0],
      [6, 10, 80, 0],
    ],
  },
  {
    slug: 'upgrade_1',
    kind: 'upgrade',
    nameZhCn: '进行1次升级',
    nameZhTw: '進行1次升級',
    nameEn: 'Upgrade once',
    target: 1,
    rewards: [
      [0, 2, 20, 0],
      [3, 5, 40, 0],
      [6, 10, 80, 0],
    ],
  },
  {
    slug: 'turntable_1',
    kind: 'turntable_bet',
    nameZhCn: '参与1次幸运转盘',
    nameZhTw: '參與1次幸運轉盤',
    nameEn: 'Bet on the turntable once',
    target: 1,
    rewards: [
      [0, 2, 20, 0],
      [3, 5, 40, 0],
      [6, 10, 80, 0],
    ],
  },
  {
    slug: 'recharge_50',
    kind: 'recharge',
    nameZhCn: '今日充值50元',
    nameZhTw: '今日儲值50元',
    nameEn: 'Recharge ¥50 today',
    target: 500_000,
    rewards: [
      [0, 2, 100, 10_000],
      [3, 5, 200, 20_000],
      [6, 10, 300, 50_000],
    ],
  },
];

/** Seeds the default tasks once each (by slug) with their rewards. Idempotent; edits survive. */
export async function seedTasks(db: Db, nowMs: number): Promise<void> {
  const now = new Date(nowMs);
  for (const [i, d] of DEFAULTS.entries()) {
    await db.transaction(async (tx) => {
      const { rewards, ...task } = d;
      const [made] = await tx
        .insert(dailyTasks)
        .values({ ...task, sort: (i + 1) * 10, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: dailyTasks.slug })
        .returning({ id: dailyTasks.id });
      if (!made) return;
      await tx.insert(dailyTaskRewards).values(
        rewards.map(([vipMin, vipMax, points, coinUnits]) => ({
          taskId: made.id,
          vipMin,
          vipMax,
          points,
          coinUnits,
        })),
      );
    });
  }
}
