import { createHash, createHmac } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { devOutbox } from '../../db/schema/accounts.ts';

/**
 * Ports for outgoing SMS and e-mail (STYLE.md §4). The sandbox adapters write to the `dev_outbox`
 * table, which every process shares, so the /dev/outbox page shows a message whichever process
 * sent it. Real adapters are chosen by config.
 */
export interface SmsPort {
  readonly sandbox: boolean;
  sendCode(mobile: string, code: string): Promise<void>;
}
export interface MailPort {
  readonly sandbox: boolean;
  send(to: string, subject: string, text: string): Promise<void>;
}

export function sandboxSms(db: Db, now: () => number): SmsPort {
  return {
    sandbox: true,
    async sendCode(mobile, code) {
      await db.insert(devOutbox).values({
        channel: 'sms',
        target: mobile,
        text: `【开箱】验证码${code}，5分钟内有效。`,
        createdAt: new Date(now()),
      });
    },
  };
}

export function sandboxMail(db: Db, now: () => number): MailPort {
  return {
    sandbox: true,
    async send(to, subject, text) {
      await db
        .insert(devOutbox)
        .values({ channel: 'email', target: to, text: `${subject}\n${text}`, createdAt: new Date(now()) });
    },
  };
}

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  /** Overridable for tests. */
  endpoint?: string;
  fetch?: typeof fetch;
}

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Tencent Cloud SMS `SendSms` (API 2021-01-11) over HTTPS with TC3-HMAC-SHA256 request signing,
 * as the provider documents it. The SDK package would pull in a large dependency tree for one
 * call, so the signing is done here.
 */
export function tencentSms(cfg: TencentSmsConfig, now: () => number): SmsPort {
  const host = 'sms.tencentcloudapi.com';
  const doFetch = cfg.fetch ?? fetch;
  return {
    sandbox: false,
    async sendCode(mobile, code) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${mobile}`],
        SmsSdkAppId: cfg.sdkAppId,
        SignName: cfg.signName,
        TemplateId: cfg.templateId,
        TemplateParamSet: [code],
      });
      const headers = tc3Headers(
        { ...cfg, host, service: 'sms', action: 'SendSms', version: '2021-01-11' },
        payload,
        now(),
      );
      const res = await doFetch(cfg.endpoint ?? `https://${host}`, { method: 'POST', headers, body: payload });
      const body = (await res.json()) as {
        Response?: { Error?: { Code: string; Message: string }; SendStatusSet?: { Code: string; Message: string }[] };
      };
      const err = body.Response?.Error;
      if (err) throw new Error(`tencent sms: ${err.Code} ${err.Message}`);
      const status = body.Response?.SendStatusSet?.[0];
      if (status && status.Code !== 'Ok') throw new Error(`tencent sms: ${status.Code} ${status.Message}`);
    },
  };
}

/** TC3-HMAC-SHA256 headers (https://cloud.tencent.com/document/api/382/52072). Exported for its test vector. */
export function tc3Headers(
  c: {
    secretId: string;
    secretKey: string;
    region: string;
    host: string;
    service: string;
    action: string;
    version: string;
  },
  payload: string,
  nowMs: number,
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const contentType = 'application/json; charset=utf-8';
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${c.host}\nx-tc-action:${c.action.toLowerCase()}\n`,
    'content-type;host;x-tc-action',
    sha256Hex(payload),
  ].join('\n');
  const scope = `${date}/${c.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256Hex(canonical)].join('\n');
  const kDate = createHmac('sha256', `TC3${c.secretKey}`).update(date).digest();
  const kService = createHmac('sha256', kDate).update(c.service).digest();
  const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return {
    Authorization: `TC3-HMAC-SHA256 Credential=${c.secretId}/${scope}, SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`,
    'Content-Type': contentType,
    Host: c.host,
    'X-TC-Action': c.action,
    'X-TC-Timestamp': String(timestamp),
    'X-TC-Version': c.version,
    'X-TC-Region': c.region,
  };
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export async function smtpMail(url: string, from: string): Promise<MailPort> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(url);
  return {
    sandbox: false,
    async send(to, subject, text) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}
