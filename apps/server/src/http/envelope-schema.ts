import { z } from 'zod';

/** Response schema of a successful call: the envelope around `data` (OpenAPI shows both). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, msg: z.string() });
}
