import { mainlandCheckChar } from '@kaixiang/shared/id-card';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';

const PATH = '/usercenter/v1/user/icard-certification';
const mainland = (first17: string) => first17 + mainlandCheckChar(first17);

describe('identity verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  const verify = (u: TestUser, body: Record<string, unknown>) => asUser(t, u.tokens.access_token, 'POST', PATH, body);

  it('checks the fields in order with the spec messages, then verifies once', async () => {
    const u = await registerUser(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ realname: '', identification: '' }, 'IDENTITY_REQUIRED', '请输入真实姓名和身份证号码'],
      [{ realname: '张三', identification: '99010519491231002X' }, 'ID_INVALID', '身份证号码不合规'],
      [{ realname: '张三', identification: '110105199002300010' }, 'ID_BIRTH_INVALID', '出生日期不合规'],
      [{ realname: '张三', identification: '110105194912310021' }, 'ID_CHECKSUM_INVALID', '身份证校验码不合规'],
      [{ realname: '张三', identification: mainland('11010520200101123') }, 'ID_UNDER_18', '身份证年龄未满18岁'],
      [{ realname: '陳大文', identification: 'A123456(4)', type: 2 }, 'ID_CHECKSUM_INVALID', '身份证校验码不合规'],
    ];
    for (const [body, error, msg] of cases) expect((await verify(u, body)).body).toMatchObject({ error, msg });
    const ok = await verify(u, { realname: '张三', identification: '11010519491231002x' });
    expect(ok.body).toMatchObject({ code: 200, msg: '身份认证成功' });
    const again = await verify(u, { realname: '张三', identification: '11010519491231002X' });
    expect(again.body.error).toBe('IDENTITY_ALREADY_VERIFIED');
    const detail = await asUser<{ identity_verified: boolean; real_name: string }>(
      t,
      u.tokens.access_token,
      'GET',
      '/usercenter/v1/user/detail',
    );
    expect(detail.body.data).toMatchObject({ identity_verified: true, real_name: '张*' });
  });

  it('accepts Hong Kong, Macau and Taiwan numbers', async () => {
    for (const [identification, type] of [
      ['A123456(3)', 2],
      ['1234567(8)', 3],
      ['A123456789', 4],
    ] as const) {
      const u = await registerUser(t);
      expect((await verify(u, { realname: '陳大文', identification, type })).body.code).toBe(200);
    }
  });

  it('refuses a 6th account on one ID, also when they try at the same time', async () => {
    const id = mainland('44030019900307123');
    const people = await Promise.all(Array.from({ length: 8 }, () => registerUser(t)));
    const results = await Promise.all(people.map((u) => verify(u, { realname: '李四', identification: id })));
    const outcomes = results.map((r) => (r.body.code === 200 ? 'ok' : r.body.error));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'ID_TOO_MANY_ACCOUNTS')).toHaveLength(3);
    const late = await registerUser(t);
    expect((await verify(late, { realname: '李四', identification: id.toLowerCase() })).body.error).toBe(
      'ID_TOO_MANY_ACCOUNTS',
    );
  });
});
