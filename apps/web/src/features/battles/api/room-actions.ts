import { BATTLE_PATHS, roomIdResponse } from '@kaixiang/shared/battles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

export interface CreateRoomInput {
  box_ids: number[];
  user_num: number;
  game_mode: number;
  rule: number;
}

/**
 * The battle commands. Each answers with the room id; what changed in the room arrives through the
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
  const join = useMutation({
    mutationFn: (input: { room_id: number; seat?: number }) =>
      apiPost(BATTLE_PATHS.join, input, { schema: roomIdResponse }),
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
  return { create, join, addRobot, dissolve, emoticon };
}
