import { BATTLE_PATHS, roomIdResponse } from '@kaixiang/shared/battles';
import { ERRORS } from '@kaixiang/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

export interface CreateRoomInput {
  box_ids: number[];
  user_num: number;
  game_mode: number;
  rule: number;
}

/**
 * The battle commands (joining is `useJoinBattle`). Each answers with the room id; what changed in the room arrives through the
 * socket (and its refetch), so nothing is patched here. Errors are toasted by the API client in
 * the player's language. Entering or leaving a room moves money: the signed-in queries (balance
 * in the header, records) go stale.
 */
export function useBattleActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT] });
  const create = useMutation({
    mutationFn: (input: CreateRoomInput) => apiPost(BATTLE_PATHS.create, input, { schema: roomIdResponse }),
    onSuccess,
  });
  const addRobot = useMutation({
    mutationFn: (input: { room_id: number; seat?: number }) =>
      apiPost(BATTLE_PATHS.addRobot, input, { schema: roomIdResponse }),
  });
  const dissolve = useMutation({
    mutationFn: (roomId: number) => apiPost(BATTLE_PATHS.dissolve, { room_id: roomId }, { schema: roomIdResponse }),
    onSuccess,
  });
  // Shown to the room through the socket, the sender included; it moves no money and no room state.
  const emoticon = useMutation({
    mutationFn: (input: { room_id: number; emoticon_id: number }) =>
      apiPost(BATTLE_PATHS.emoticon, input, { schema: roomIdResponse }),
  });
  return { create, addRobot, dissolve, emoticon };
}

/**
 * Taking a seat, once per click however many clicks come. A double click sent two joins: the
 * second was refused with BATTLE_ALREADY_JOINED and shown in red to a player who was in. So:
 * - a ref, not the mutation's isPending, guards the request: isPending reaches the button only
 *   after a render, and a second click can come before it;
 * - the guard holds until `then` (the caller's refetch or navigation) is done, so a 加入 still
 *   drawn from the snapshot before the join sends nothing either;
 * - BATTLE_ALREADY_JOINED means the player IS seated (a join whose answer came late, another tab):
 *   it counts as joined, never as an error. Other refusals are toasted in the player's language.
 */
export function useJoinBattle() {
  const queryClient = useQueryClient();
  const busy = useRef(false);
  // The room being joined, for the button that shows it.
  const [joining, setJoining] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (input: { room_id: number; seat?: number }) => {
      try {
        return await apiPost(BATTLE_PATHS.join, input, { schema: roomIdResponse, silent: true });
      } catch (error) {
        if (error instanceof ApiError && error.code === ERRORS.BATTLE_ALREADY_JOINED.code) {
          return { room_id: input.room_id };
        }
        throw error;
      }
    },
    // Seated: the entry was paid, so the balance and records are stale.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT] }),
    onError: (error) => {
      if (error instanceof ApiError && error.failure !== 'unauthorized' && error.failure !== 'aborted') {
        toast.error(error.message);
      }
    },
  });

  async function join(input: { room_id: number; seat?: number }, then: () => unknown): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    setJoining(input.room_id);
    try {
      await mutation.mutateAsync(input);
      await then();
    } catch {
      // the reason was toasted
    } finally {
      busy.current = false;
      setJoining(null);
    }
  }
  return { join, joining };
}
