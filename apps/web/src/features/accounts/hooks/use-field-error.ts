import type { ErrorKey } from '@kaixiang/shared/errors';
import { errorMessage } from '@kaixiang/shared/errors';
import { useCallback } from 'react';
import { useLocale } from '../../../i18n/use-locale.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * Shows the first broken field rule the way the server would word it: the client checks with
 * the shared rules and the shared messages, so both sides say the same words (errors.ts).
 * Returns true when there was something to show.
 */
export function useFieldError() {
  const locale = useLocale();
  return useCallback(
    (key: ErrorKey | null): key is ErrorKey => {
      if (!key) return false;
      toast.warning(errorMessage(key, locale));
      return true;
    },
    [locale],
  );
}
