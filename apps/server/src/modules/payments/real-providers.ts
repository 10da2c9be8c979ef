import type { Config } from '../../config.ts';
import type { Clock } from '../../infra/clock.ts';
import { ALIPAY_PROVIDER, createAlipayProvider } from './alipay-pay.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { NOTIFY_PATH_PREFIX } from './payments.routes.ts';
import { createWechatProvider, WECHAT_PROVIDER } from './wechat-pay.ts';

/**
 * The real adapters the configuration names, each built when its app id is set (config.ts has
 * already refused a half-configured one, and a missing PUBLIC_ORIGIN).
 */
export function realProviders(config: Config, clock: Clock): PaymentProvider[] {
  const notifyUrl = (provider: string) =>
    `${(config.PUBLIC_ORIGIN ?? '').replace(/\/+$/, '')}${NOTIFY_PATH_PREFIX}${provider}`;
  const providers: PaymentProvider[] = [];
  if (config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY) {
    providers.push(
      createAlipayProvider({
        clock,
        config: {
          appId: config.ALIPAY_APP_ID,
          privateKey: config.ALIPAY_PRIVATE_KEY,
          alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
          ...(config.ALIPAY_GATEWAY ? { gateway: config.ALIPAY_GATEWAY } : {}),
          notifyUrl: notifyUrl(ALIPAY_PROVIDER),
        },
      }),
    );
  }
  if (
    config.WECHATPAY_APP_ID &&
    config.WECHATPAY_MCH_ID &&
    config.WECHATPAY_PRIVATE_KEY &&
    config.WECHATPAY_CERT_SERIAL &&
    config.WECHATPAY_PLATFORM_PUBLIC_KEY &&
    config.WECHATPAY_PLATFORM_SERIAL &&
    config.WECHATPAY_APIV3_KEY
  ) {
    providers.push(
      createWechatProvider({
        clock,
        config: {
          appId: config.WECHATPAY_APP_ID,
          mchId: config.WECHATPAY_MCH_ID,
          privateKey: config.WECHATPAY_PRIVATE_KEY,
          certSerial: config.WECHATPAY_CERT_SERIAL,
          platformPublicKey: config.WECHATPAY_PLATFORM_PUBLIC_KEY,
          platformSerial: config.WECHATPAY_PLATFORM_SERIAL,
          apiV3Key: config.WECHATPAY_APIV3_KEY,
          ...(config.WECHATPAY_API_BASE ? { apiBase: config.WECHATPAY_API_BASE } : {}),
          notifyUrl: notifyUrl(WECHAT_PROVIDER),
        },
      }),
    );
  }
  return providers;
}
