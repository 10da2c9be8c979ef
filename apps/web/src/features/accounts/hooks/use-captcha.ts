import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCaptcha } from '../api/verification.ts';

export interface Captcha {
  pic_path: string;
  captcha_id: string;
}

/** One image captcha for one form: loaded on mount, replaced by `refresh()` (click or failure). */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const ticket = ++latest.current;
    try {
      const next = await fetchCaptcha();
      // A slow answer to an older click must not replace a newer picture.
      if (ticket === latest.current) setCaptcha(next);
    } catch {
      if (ticket === latest.current) setCaptcha(null);
    }
  }, []);
  useEffect(() => {
    void refresh();
    return () => {
      latest.current++;
    };
  }, [refresh]);
  return { captcha, refresh };
}
