import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../../runtime.ts';
import type { ItemInfo } from '../../boxes/items.ts';
import type { GamesModule } from '../../games/games.module.ts';
import type { GameSettingsReader } from './game-settings.ts';
import { gamesAdminRoutes } from './games-admin.routes.ts';
import { createGamesAdmin } from './games-admin.service.ts';

/** The console's Games API on the games module's roll and treasure services and the settings reader. */
export async function registerGamesAdmin(
  app: FastifyInstance,
  rt: Runtime,
  deps: {
    games: Pick<GamesModule, 'roll' | 'treasure'>;
    settings: GameSettingsReader;
    items: () => Promise<Map<number, ItemInfo>>;
    authenticate: (req: FastifyRequest) => Promise<void>;
  },
): Promise<void> {
  const admin = createGamesAdmin({
    db: rt.database.db,
    clock: rt.clock,
    transaction: (fn) => rt.transaction(fn),
    roll: deps.games.roll,
    treasure: deps.games.treasure,
    settings: deps.settings,
    items: deps.items,
  });
  await app.register(gamesAdminRoutes(admin, deps.authenticate), { prefix: '/api' });
}
