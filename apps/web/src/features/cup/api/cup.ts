import {
  CUP_PATHS,
  type CupPick,
  type CupPrediction,
  cupMyPredictionsResponse,
  cupPrediction,
  cupView,
} from '@kaixiang/shared/cup';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';
import { balanceQueryKey } from '../../boxes/api/balance.ts';

/**
 * The cup's answers depend on who asks (their picks, their standing) and in which language (titles,
 * stages, team names): the key carries both, under the user root so a sign-out drops it.
 */
export const CUP_QUERY_ROOT = [USER_QUERY_ROOT, 'cup'] as const;
export const CUP_MINE_PAGE_SIZE = 10;

/** One tournament (the given one, else the server's choice: the newest open). */
export function useCup(tournamentId: number | undefined) {
  const locale = useLocale();
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: [...CUP_QUERY_ROOT, 'info', locale, loggedIn, tournamentId ?? null],
    queryFn: ({ signal }) =>
      apiGet(CUP_PATHS.info, { tournament_id: tournamentId }, { schema: cupView, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useMyPredictions(page: number) {
  return useQuery({
    queryKey: [...CUP_QUERY_ROOT, 'mine', useLocale(), page],
    queryFn: ({ signal }) =>
      apiGet(
        CUP_PATHS.mine,
        { page, page_size: CUP_MINE_PAGE_SIZE },
        { schema: cupMyPredictionsResponse, signal, silent: true },
      ),
    enabled: useLoggedIn(),
    placeholderData: keepPreviousData,
  });
}

/** What a payout would be: the stake times the odds (the stake included), floored like the server. */
export function expectedPayout(stake: number, oddsBp: number): number {
  return Math.floor((stake * oddsBp) / 10_000);
}

/**
 * One prediction. A refusal (kicked off, already predicted, not enough points) is shown in the
 * server's words by the API client. Whatever the answer, the fixtures, the board and the player's
 * own list are read again, and the header's points (the user detail) with them.
 */
export function usePredict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { fixtureId: number; pick: CupPick; stake: number }): Promise<CupPrediction> =>
      apiPost(CUP_PATHS.predict, { fixture_id: v.fixtureId, pick: v.pick, stake: v.stake }, { schema: cupPrediction }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CUP_QUERY_ROOT });
    },
  });
}
