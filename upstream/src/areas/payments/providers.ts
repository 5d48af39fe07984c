/** The online payment providers the configuration opens (PAY-02): Alipay and WeChat Pay, each only when set. */
import type { PaymentsConfig } from '../../config';
import type { PaymentProvider } from '../../lib/payments';
import { AlipayProvider } from './alipay';
import { WechatPayProvider } from './wechatpay';

export function configuredProviders({ alipay, wechat }: PaymentsConfig): PaymentProvider[] {
  const providers: PaymentProvider[] = [];
  if (alipay !== undefined) providers.push(new AlipayProvider(alipay));
  if (wechat !== undefined) providers.push(new WechatPayProvider(wechat));
  return providers;
}
