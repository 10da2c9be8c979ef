import { PATHS } from '../../lib/paths.ts';

/** A treasure's page: /card/details?roomID= (the query name battles' and roll rooms' pages use). */
export const cardDetailsPath = (roomId: number) => `${PATHS.cardDetails}?roomID=${roomId}`;

/** Where the fairness page recomputes a treasure's draw. */
export const treasureFairnessPath = (roomId: number) => `${PATHS.fairness}?treasure=${roomId}`;
