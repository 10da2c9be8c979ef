/**
 * The rain's admin API (role admin; docs/operations.md "Admin API"): schedules — windows, pool,
 * packet count, minimum packet, conditions — created, edited, turned on and off, and rounds not yet
 * open cancelled. Every change is checked by the rules (packages/game rain.ts) and recorded in the
 * audit log in its own transaction. An edit changes the rounds made after it; a round already made
 * keeps the parameters its seed was committed with.
 */
import {
  type RainTiming,
  rainConditionsError,
  rainParamsError,
  rainTimingError,
  rainWindows,
} from '@kaixiang/game/rain';
import { ok } from '@kaixiang/shared/envelope';
import {
  adminRainRounds,
  RAIN_ADMIN_PATHS,
  type RainSchedule,
  type RainScheduleInput,
  type RainTimingInput,
  rainCancelInput,
  rainEnableInput,
  rainRoundsQuery,
  rainSchedule,
  rainScheduleInput,
  rainScheduleList,
} from '@kaixiang/shared/rain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { rainSchedules } from '../../db/schema/rain.ts';
import { withTransaction } from '../../db/tx.ts';
import { AppError } from '../../http/app-error.ts';
import { envelopeOf } from '../../http/envelope-schema.ts';
import type { Clock } from '../../infra/clock.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { adminRounds, type ScheduleRow, timingOf } from './rain.repo.ts';
import type { RainRounds } from './rain.rounds.ts';

export function timingFromInput(t: RainTimingInput): RainTiming {
  switch (t.kind) {
    case 'once':
      return { kind: 'once', startAtMs: t.start_at, endAtMs: t.end_at };
    case 'daily':
      return { kind: 'daily', times: t.times, durationMs: t.duration_seconds * 1000 };
    case 'every':
      return {
        kind: 'every',
        anchorMs: t.anchor_at,
        everyMs: t.every_seconds * 1000,
        durationMs: t.duration_seconds * 1000,
      };
  }
}

function timingToOutput(t: RainTiming): RainTimingInput {
  switch (t.kind) {
    case 'once':
      return { kind: 'once', start_at: t.startAtMs, end_at: t.endAtMs };
    case 'daily':
      return { kind: 'daily', times: t.times, duration_seconds: t.durationMs / 1000 };
    case 'every':
      return {
        kind: 'every',
        anchor_at: t.anchorMs,
        every_seconds: t.everyMs / 1000,
        duration_seconds: t.durationMs / 1000,
      };
  }
}

export function scheduleView(s: ScheduleRow, now: number): RainSchedule {
  return {
    id: s.id,
    title: s.title,
    enabled: s.enabled,
    timing: timingToOutput(timingOf(s)),
    pool: s.poolUnits,
    count: s.packetCount,
    min_packet: s.minPacketUnits,
    conditions: { min_vip_level: s.minVipLevel, recharge_days: s.rechargeDays },
    updated_by: s.updatedBy,
    updated_at: s.updatedAt.getTime(),
    next_windows: rainWindows(timingOf(s), now, now + 8 * 86_400_000)
      .slice(0, 5)
      .map((w) => ({ start_time: w.startMs, end_time: w.endMs })),
  };
}

/** The rules' verdict on a schedule as sent (the first problem), or null. */
export function scheduleError(input: RainScheduleInput) {
  return (
    rainTimingError(timingFromInput(input.timing)) ??
    rainParamsError({ poolUnits: input.pool, count: input.count, minUnits: input.min_packet }) ??
    rainConditionsError({ minVipLevel: input.conditions.min_vip_level, rechargeDays: input.conditions.recharge_days })
  );
}

const auditView = (s: ScheduleRow) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = s;
  return rest;
};

export function rainAdminRoutes(
  deps: { db: Db; clock: Clock; rounds: RainRounds },
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const tags = ['admin'];
    const preValidation = requirePermission(authenticate, 'promotions.manage');
    app.get(
      RAIN_ADMIN_PATHS.schedules,
      { preValidation, schema: { tags, response: { 200: envelopeOf(rainScheduleList) } } },
      async () => {
        const rows = await db.select().from(rainSchedules).orderBy(rainSchedules.id);
        return ok({ list: rows.map((s) => scheduleView(s, deps.clock.now())) });
      },
    );

    app.post(
      RAIN_ADMIN_PATHS.saveSchedule,
      { preValidation, schema: { tags, body: rainScheduleInput, response: { 200: envelopeOf(rainSchedule) } } },
      async (req) => {
        const input = req.body;
        const bad = scheduleError(input);
        if (bad) throw new AppError(bad);
        const now = new Date(deps.clock.now());
        const actor = actorOf(req);
        const values = {
          title: input.title,
          enabled: input.enabled,
          timing: timingFromInput(input.timing),
          poolUnits: input.pool,
          packetCount: input.count,
          minPacketUnits: input.min_packet,
          minVipLevel: input.conditions.min_vip_level,
          rechargeDays: input.conditions.recharge_days,
          updatedBy: actor.adminId,
          updatedAt: now,
        };
        const saved = await withTransaction(db, async (tx) => {
          if (input.id === undefined) {
            const [row] = await tx
              .insert(rainSchedules)
              .values({ ...values, createdBy: actor.adminId, createdAt: now })
              .returning();
            if (!row) throw new Error('schedule insert answered nothing');
            await recordAudit(
              tx,
              actor,
              {
                action: 'rain.schedule.create',
                target: `rain_schedule:${row.id}`,
                after: auditView(row),
                ...(input.reason ? { reason: input.reason } : {}),
              },
              now,
            );
            return row;
          }
          const [before] = await tx.select().from(rainSchedules).where(eq(rainSchedules.id, input.id)).for('update');
          if (!before) throw new AppError('RAIN_SCHEDULE_NOT_FOUND');
          const [row] = await tx.update(rainSchedules).set(values).where(eq(rainSchedules.id, input.id)).returning();
          if (!row) throw new Error('schedule update answered nothing');
          await recordAudit(
            tx,
            actor,
            {
              action: 'rain.schedule.update',
              target: `rain_schedule:${row.id}`,
              before: auditView(before),
              after: auditView(row),
              ...(input.reason ? { reason: input.reason } : {}),
            },
            now,
          );
          return row;
        });
        return ok(scheduleView(saved, now.getTime()));
      },
    );

    app.post(
      RAIN_ADMIN_PATHS.enableSchedule,
      { preValidation, schema: { tags, body: rainEnableInput, response: { 200: envelopeOf(rainSchedule) } } },
      async (req) => {
        const now = new Date(deps.clock.now());
        const actor = actorOf(req);
        const saved = await withTransaction(db, async (tx) => {
          const [before] = await tx.select().from(rainSchedules).where(eq(rainSchedules.id, req.body.id)).for('update');
          if (!before) throw new AppError('RAIN_SCHEDULE_NOT_FOUND');
          const [row] = await tx
            .update(rainSchedules)
            .set({ enabled: req.body.enabled, updatedBy: actor.adminId, updatedAt: now })
            .where(eq(rainSchedules.id, req.body.id))
            .returning();
          if (!row) throw new Error('schedule update answered nothing');
          await recordAudit(
            tx,
            actor,
            {
              action: req.body.enabled ? 'rain.schedule.enable' : 'rain.schedule.disable',
              target: `rain_schedule:${row.id}`,
              before: { enabled: before.enabled },
              after: { enabled: row.enabled },
              ...(req.body.reason ? { reason: req.body.reason } : {}),
            },
            now,
          );
          return row;
        });
        return ok(scheduleView(saved, now.getTime()));
      },
    );

    app.get(
      RAIN_ADMIN_PATHS.rounds,
      { preValidation, schema: { tags, querystring: rainRoundsQuery, response: { 200: envelopeOf(adminRainRounds) } } },
      async (req) => ok(await adminRounds(db, req.query.page_size, (req.query.page - 1) * req.query.page_size)),
    );

    app.post(
      RAIN_ADMIN_PATHS.cancelRound,
      {
        preValidation,
        schema: {
          tags,
          body: rainCancelInput,
          response: { 200: envelopeOf(z.object({ round_id: z.number().int(), state: z.string() })) },
        },
      },
      async (req) => {
        const actor = actorOf(req);
        const id = req.body.round_id;
        const room = await deps.rounds.cancel(id, (tx, before, now) =>
          recordAudit(
            tx,
            actor,
            {
              action: 'rain.round.cancel',
              target: `rain_round:${id}`,
              before: { state: before },
              after: { state: 'cancelled' },
              ...(req.body.reason ? { reason: req.body.reason } : {}),
            },
            now,
          ),
        );
        if (!room) throw new AppError('RAIN_ROUND_NOT_FOUND');
        return ok({ round_id: room.id, state: room.data.state });
      },
    );
  };
}
