import type { UserDetail } from '@kaixiang/shared/accounts';
import { TURNTABLE_PATHS, turntableBetResponse } from '@kaixiang/shared/turntable';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { userDetailQueryOptions } from '../../accounts/api/user-detail.ts';
import { addOwnBet, applySelfBets } from '../board.ts';
import { roomInfoQueryOptions, type TurntableSnapshot } from './get-turntable.ts';

/** A fresh id per click (A–Z a–z 0–9, as the rules accept): a retried request is refused, never booked twice. */
export function newBetId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface BetInput {
  area: number;
  amount: number;
}

/**
 * One click on an area: the spec's user_bet with one entry. The stake shows on the area at once
 * (spec 2 §4); the answer's own stakes and balance then stand in for ours. A refusal was toasted
 * by the API client in the player's language; the round is loaded again, which takes the stake
 * that was shown back off.
 */
export function usePlaceBet(viewer: string) {
  const queryClient = useQueryClient();
  const roomKey = roomInfoQueryOptions(viewer).queryKey;
  const patchRoom = (patch: (s: TurntableSnapshot) => TurntableSnapshot) =>
    queryClient.setQueryData<TurntableSnapshot>(roomKey, (s) => (s ? patch(s) : s));
  return useMutation({
    mutationFn: ({ area, amount }: BetInput) =>
      apiPost(TURNTABLE_PATHS.bet, { bets: [{ area, amount }], bet_id: newBetId() }, { schema: turntableBetResponse }),
    onMutate: ({ area, amount }) => patchRoom((s) => ({ ...s, info: addOwnBet(s.info, area, amount) })),
    onSuccess: (answer) => {
      patchRoom((s) => ({ ...s, info: applySelfBets(s.info, answer.round_id, answer.selfbets) }));
      queryClient.setQueryData<UserDetail>(userDetailQueryOptions.queryKey, (user) =>
        user ? { ...user, money: answer.balance } : user,
      );
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT, 'turntable', 'records'] });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: roomKey }),
  });
}
