import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tc3Headers, tencentSms } from './messaging.ts';

const cfg = {
  secretId: 'AKIDEXAMPLE',
  secretKey: 'secret-key',
  sdkAppId: '1400000000',
  signName: '开箱',
  templateId: '123456',
  region: 'ap-guangzhou',
};

describe('Tencent Cloud SMS adapter', () => {
  it('signs with TC3-HMAC-SHA256 over the canonical request, recomputable from the documented steps', () => {
    const nowMs = Date.UTC(2026, 10, 21, 8, 0, 0);
    const payload = '{"a":1}';
    const h = tc3Headers(
      { ...cfg, host: 'sms.tencentcloudapi.com', service: 'sms', action: 'SendSms', version: '2021-01-11' },
      payload,
      nowMs,
    );
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    const canonical = `POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:sms.tencentcloudapi.com\nx-tc-action:sendsms\n\ncontent-type;host;x-tc-action\n${sha(payload)}`;
    const toSign = `TC3-HMAC-SHA256\n${nowMs / 1000}\n2026-11-21/sms/tc3_request\n${sha(canonical)}`;
    const k1 = createHmac('sha256', 'TC3secret-key').update('2026-11-21').digest();
    const k2 = createHmac('sha256', k1).update('sms').digest();
    const k3 = createHmac('sha256', k2).update('tc3_request').digest();
    const sig = createHmac('sha256', k3).update(toSign).digest('hex');
    expect(h.Authorization).toBe(
      `TC3-HMAC-SHA256 Credential=AKIDEXAMPLE/2026-11-21/sms/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${sig}`,
    );
    expect(h['X-TC-Timestamp']).toBe(String(nowMs / 1000));
  });

  it('sends the code as the template parameter and surfaces provider errors', async () => {
    const calls: { url: string; body: string }[] = [];
    let answer: unknown = { Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }] } };
    const fakeFetch = (async (url: string, init: { body: string }) => {
      calls.push({ url, body: init.body });
      return { json: async () => answer } as Response;
    }) as unknown as typeof fetch;
    const sms = tencentSms({ ...cfg, fetch: fakeFetch }, () => Date.now());
    await sms.sendCode('13800000000', '123456');
    expect(JSON.parse(calls[0]!.body)).toMatchObject({
      PhoneNumberSet: ['+8613800000000'],
      TemplateParamSet: ['123456'],
      SmsSdkAppId: '1400000000',
    });
    answer = { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' } } };
    await expect(sms.sendCode('13800000000', '123456')).rejects.toThrow(/AuthFailure/);
  });
});
