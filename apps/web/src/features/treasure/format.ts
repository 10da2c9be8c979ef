/** Card numbers as players read them: 1-based ("#3 #4 #5"); the API's are 0-based. */
export const cardNumbers = (cards: readonly number[]) => cards.map((c) => `#${c + 1}`).join(' ');

/** A grab's cards: "#3" or "#3–#5". */
export const cardRange = (first: number, count: number) =>
  count === 1 ? `#${first + 1}` : `#${first + 1}–#${first + count}`;
