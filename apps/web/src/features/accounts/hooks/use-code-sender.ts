import type { ErrorKey } from '@kaixiang/shared/errors';
import { checkCaptcha } from '@kaixiang/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useCaptcha } from './use-captcha.ts';
import { useCountdown } from './use-countdown.ts';
import { useFieldError } from './use-field-error.ts';

/**
 * Everything behind a 获取验证码 button (spec 1 §4, §5, §8): the image captcha it needs, the
 * checks in order (target first — phone or e-mail — then the captcha), the 60 s countdown, and on
 * any refusal a new captcha and a reset countdown with no message; '发送成功' on success.
 */
export function useCodeSender<T>(
  checkTarget: (target: T) => ErrorKey | null,
  send: (target: T, captcha: { captcha: string; captcha_id: string }) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const { captcha, refresh } = useCaptcha();
  const countdown = useCountdown();
  const [sentOnce, setSentOnce] = useState(false);
  const [captchaInput, setCaptchaInput] = useState('');
  const showError = useFieldError();

  const renew = () => {
    setCaptchaInput('');
    void refresh();
  };

  async function sendCode(target: T) {
    if (countdown.running) return;
    if (showError(checkTarget(target) ?? checkCaptcha(captchaInput))) return;
    if (!captcha) {
      renew();
      return;
    }
    countdown.start();
    setSentOnce(true);
    try {
      await send(target, { captcha: captchaInput.trim(), captcha_id: captcha.captcha_id });
      toast.success(t('auth.codeSent'));
    } catch {
      countdown.reset();
      renew();
    }
  }

  return { captcha, refreshCaptcha: renew, captchaInput, setCaptchaInput, countdown, sentOnce, sendCode };
}
