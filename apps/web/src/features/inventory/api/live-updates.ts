import { ITEM_STATUS, ITEM_UPDATE_EVENT, type ItemUpdatePush } from '@kaixiang/shared/inventory';
import { userRoom } from '@kaixiang/shared/socket';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessionUserId } from '../../../lib/session.ts';
import { useSocketEvent, useSocketGap } from '../../../lib/socket.ts';
import { toast } from '../../../lib/toast.ts';
import { INVENTORY_QUERY_ROOT } from './get-inventory.ts';
import { WAREHOUSE_LOG_QUERY_ROOT } from './get-warehouse-log.ts';

/**
 * A trade offer is settled on Steam's side, long after the click, and the retention job sells
 * items on its own: the server says so with `item_update` on the player's room. The open lists
 * refetch, and the outcome of a retrieval is told as a warehouse tip (spec 1 §8). Missed events
 * (a reconnect) refetch too.
 */
export function useInventoryLiveUpdates(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: INVENTORY_QUERY_ROOT }),
      queryClient.invalidateQueries({ queryKey: WAREHOUSE_LOG_QUERY_ROOT }),
    ]);

  useSocketEvent<ItemUpdatePush>(ITEM_UPDATE_EVENT, (push, frame) => {
    if (frame.room !== undefined && !frame.room.startsWith('user:')) return;
    void refetch();
    if (push?.offer_id === null || push?.offer_id === undefined) return;
    if (push.status === ITEM_STATUS.retrieved) toast.success(t('inventory.tips.retrieved'));
    if (push.status === ITEM_STATUS.retrieveFailed) {
      const cause = push.failure ? t(`inventory.failure.${push.failure}`) : '';
      if (cause) toast.error(cause, { title: t('inventory.tips.retrieveFailed') });
      else toast.error(t('inventory.tips.retrieveFailed'));
    }
  });

  const id = Number(sessionUserId());
  useSocketGap(Number.isSafeInteger(id) && id > 0 ? userRoom(id) : 'user:none', () => void refetch());
}
