import { describe, expect, it } from 'vitest';
import { CENSOR, scrub, scrubFields } from './redact';

describe('SEC-23: one list of what no log line holds', () => {
  it('masks mobile and ID card numbers in the middle, and censors tokens, cookies and codes in text', () => {
    expect(scrub('手机 13812345678，身份证 11010519491231002X，+8613912345678')).toBe(
      '手机 138****5678，身份证 110***********002X，+86139****5678',
    );
    expect(scrub('Cookie: token=abc123; theme=dark')).toBe('Cookie: [redacted]');
    expect(scrub('GET /api/sms?phone=13812345678&code=123456')).toBe('GET /api/sms?phone=138****5678&code=[redacted]');
    expect(scrub('{"authorization":"Bearer x.y.z","smsCode":"654321"}')).toBe(
      '{"authorization":"[redacted]","smsCode":"[redacted]"}',
    );
  });

  it('censors a payment password and its confirmation in text and in fields (PAY-14)', () => {
    expect(scrub('method=balance&pay_password=246810')).toBe('method=balance&pay_password=[redacted]');
    expect(scrub('{"payPassword":"246810","passwordConfirmation":"246810"}')).toBe(
      '{"payPassword":"[redacted]","passwordConfirmation":"[redacted]"}',
    );
    expect(scrubFields({ input: { pay_password: '246810', method: 'balance' } })).toEqual({
      input: { pay_password: CENSOR, method: 'balance' },
    });
  });

  it('leaves order numbers, timestamps and record ids readable', () => {
    const text = '订单 2026061100001234 于 1760000000000 支付，商品 123456789012345678';
    expect(scrub(text)).toBe(text);
  });

  it('censors secret fields and scrubs strings at every depth of a line, errors included', () => {
    const line = scrubFields({
      headers: { Cookie: 'token=abc', 'x-gateway-secret': 's'.repeat(32) },
      buyer: { contact: { phone: '13812345678', id_card: '11010519491231002X' } },
      form: { code: '123456', reason: 'code 40101' },
      failures: [new Error('sent to 13812345678')],
    });
    expect(line).toEqual({
      headers: { Cookie: CENSOR, 'x-gateway-secret': CENSOR },
      buyer: { contact: { phone: '138****5678', id_card: CENSOR } },
      form: { code: CENSOR, reason: 'code 40101' },
      failures: [{ type: 'Error', message: 'sent to 138****5678', stack: expect.not.stringContaining('13812345678') }],
    });
  });
});
