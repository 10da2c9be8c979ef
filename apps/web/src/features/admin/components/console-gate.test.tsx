import { ADMIN_PATHS } from '@kaixiang/shared/admin';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { notifySessionChanged, storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { TOTP_SETUP_QUERY_KEY } from '../api/second-factor.ts';
import { consolePath } from '../paths.ts';
import { sectionsFor } from '../sections.tsx';
import {
  callsTo,
  consoleHandlers,
  consoleLocked,
  entry,
  liveSession,
  OTPAUTH_URI,
  page,
  RECOVERY_CODES,
  SECRET,
  SUPPORT,
} from '../test-fixtures.ts';

function openConsole(
  path: string,
  me: Parameters<typeof consoleHandlers>[0],
  overrides: Record<string, MockHandler> = {},
) {
  storeSession(TOKENS);
  const api = mockApi(consoleHandlers(me, overrides));
  return { ...api, ...renderApp(path) };
}

const typeCode = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the console gate', () => {
  it('asks a visitor who is not signed in to sign in with the site’s login dialog, then carries on', async () => {
    const { requests } = (() => {
      const api = mockApi(consoleHandlers(SUPPORT));
      return { ...api, ...renderApp('/admin') };
    })();
    await screen.findByRole('heading', { name: '登录运营后台' });
    expect(callsTo(requests, ADMIN_PATHS.me)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();

    // Signed in (the dialog's own flow is the accounts feature's to test): the console asks who this is.
    act(() => {
      storeSession(TOKENS);
      notifySessionChanged();
    });
    await screen.findByRole('heading', { name: '输入验证码' });
    expect(callsTo(requests, ADMIN_PATHS.me)).toHaveLength(1);
  });

  it('tells a signed-in player that the console is for staff only, in the server’s words, with the way home', async () => {
    openConsole('/admin', () => fail(4030, '仅限管理员使用', 403));
    await screen.findByRole('heading', { name: '仅限管理员使用' });
    expect(screen.getByText(/只对运营人员开放/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: '后台栏目' })).toBeNull();
  });

  it('sends staff without an authenticator to enrolment', async () => {
    openConsole(
      '/admin',
      { ...SUPPORT, totp_enrolled: false },
      {
        [ADMIN_PATHS.totpSetup]: () => ({ secret: SECRET, otpauth_uri: OTPAUTH_URI }),
      },
    );
    await screen.findByRole('heading', { name: '绑定身份验证器' });
    await screen.findByRole('img', { name: '身份验证器二维码' });
    expect(screen.queryByRole('navigation', { name: '后台栏目' })).toBeNull();
  });

  it('asks staff with an authenticator but no console session for their code', async () => {
    const { requests } = openConsole('/admin', SUPPORT);
    await screen.findByRole('heading', { name: '输入验证码' });
    expect(screen.getByText(/客服小王 · 客服 · ID 42/)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '后台栏目' })).toBeNull();
    expect(callsTo(requests, ADMIN_PATHS.auditLog)).toHaveLength(0);
  });

  it('opens the console for staff with a live session, on the first section their role holds', async () => {
    const { router } = openConsole('/admin', { ...SUPPORT, ...liveSession() });
    const nav = await screen.findByRole('navigation', { name: '后台栏目' });
    expect(within(nav).getByRole('link', { name: '操作日志' })).toBeTruthy();
    const first = sectionsFor(SUPPORT.permissions)[0]!;
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(consolePath(first.path));
      const link = screen.getByRole('link', { name: i18n.t(`admin.sections.${first.id}`) });
      expect(link.getAttribute('aria-current')).toBe('page');
    });
    expect(screen.getByText('客服小王')).toBeTruthy();
    expect(screen.getByText(/后台会话剩余/)).toBeTruthy();
  });
});

describe('enrolment', () => {
  it('shows the QR code and the key in groups, refuses a wrong code in the server’s words, then shows the recovery codes once', async () => {
    const clipboard = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: clipboard } });
    let tries = 0;
    const { requests, queryClient } = openConsole(
      '/admin/audit-log',
      { ...SUPPORT, totp_enrolled: false },
      {
        [ADMIN_PATHS.totpSetup]: () => ({ secret: SECRET, otpauth_uri: OTPAUTH_URI }),
        [ADMIN_PATHS.totpEnable]: () =>
          ++tries === 1
            ? fail(4033, '验证码错误或已过期', 400)
            : { recovery_codes: RECOVERY_CODES, console_expires_at: liveSession().console_expires_at },
        [ADMIN_PATHS.auditLog]: () => page([entry(1)]),
      },
    );

    const qr = await screen.findByRole('img', { name: '身份验证器二维码' });
    expect(qr.getAttribute('data-qr-text')).toBe(OTPAUTH_URI);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();

    const submit = screen.getByRole('button', { name: '验证并绑定' }) as HTMLButtonElement;
    typeCode('6 位验证码', '12 34a5');
    expect((screen.getByLabelText('6 位验证码') as HTMLInputElement).value).toBe('12345');
    expect(submit.disabled).toBe(true);
    typeCode('6 位验证码', '123456');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('验证码错误或已过期');
    expect((screen.getByLabelText('6 位验证码') as HTMLInputElement).value).toBe('');

    typeCode('6 位验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: '验证并绑定' }));
    const list = await screen.findByRole('list', { name: '恢复码' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(RECOVERY_CODES);
    // The confirmed secret leaves memory with its screen, and no new one is asked for.
    await waitFor(() => expect(queryClient.getQueryCache().find({ queryKey: TOTP_SETUP_QUERY_KEY })).toBeUndefined());
    expect(callsTo(requests, ADMIN_PATHS.totpEnable).map((r) => JSON.parse(r.body))).toEqual([
      { code: '123456' },
      { code: '654321' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: '复制全部' }));
    await waitFor(() => expect(clipboard).toHaveBeenCalledWith(RECOVERY_CODES.join('\n')));

    const enter = screen.getByRole('button', { name: '进入运营后台' }) as HTMLButtonElement;
    expect(enter.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已将恢复码保存在安全的地方' }));
    expect(enter.disabled).toBe(false);
    fireEvent.click(enter);

    // Into the console, on the page that was asked for; the codes are gone from the screen for good.
    await screen.findByRole('heading', { name: '操作日志', level: 1 });
    await screen.findByText('box:1');
    expect(screen.queryByText(RECOVERY_CODES[0]!)).toBeNull();
    expect(callsTo(requests, ADMIN_PATHS.totpSetup)).toHaveLength(1);
  });

  it('offers a new key when the server no longer holds the one shown', async () => {
    let secrets = 0;
    const { requests } = openConsole(
      '/admin',
      { ...SUPPORT, totp_enrolled: false },
      {
        [ADMIN_PATHS.totpSetup]: () => ({ secret: `${SECRET.slice(0, -1)}${++secrets}`, otpauth_uri: OTPAUTH_URI }),
        [ADMIN_PATHS.totpEnable]: () => fail(4036, '请先获取新的身份验证器密钥', 409),
      },
    );
    await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3D1');
    typeCode('6 位验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '验证并绑定' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请先获取新的身份验证器密钥');
    fireEvent.click(screen.getByRole('button', { name: '获取新密钥' }));
    await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3D2');
    expect(callsTo(requests, ADMIN_PATHS.totpSetup)).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the code prompt', () => {
  it('returns to the code prompt on the same page when a console call finds the session over, then carries on there', async () => {
    let locked = true;
    const { requests, router } = openConsole(
      '/admin/audit-log?action=rain',
      { ...SUPPORT, ...liveSession() },
      {
        [ADMIN_PATHS.auditLog]: () => (locked ? consoleLocked() : page([entry(3, { action: 'rain.schedule' })])),
        [ADMIN_PATHS.totpVerify]: () => {
          locked = false;
          return { console_expires_at: liveSession().console_expires_at, recovery_codes_left: 10 };
        },
      },
    );

    await screen.findByRole('heading', { name: '输入验证码' });
    expect(screen.getByRole('status').textContent).toBe('请先输入身份验证器的验证码');
    expect(router.state.location.pathname + router.state.location.search).toBe('/admin/audit-log?action=rain');
    // Not an error toast on top of the prompt: the prompt is the answer.
    expect(getToasts()).toEqual([]);

    typeCode('6 位验证码', '246810');
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    await screen.findByText('rain.schedule');
    expect(JSON.parse(callsTo(requests, ADMIN_PATHS.totpVerify)[0]!.body)).toEqual({ code: '246810' });
    const audits = callsTo(requests, ADMIN_PATHS.auditLog);
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(audits.at(-1)!.url.searchParams.get('action')).toBe('rain');
    expect(router.state.location.pathname).toBe('/admin/audit-log');
  });

  it('takes a recovery code instead, and says why one is refused', async () => {
    const { requests } = openConsole(
      '/admin',
      { ...SUPPORT, recovery_codes_left: 4 },
      {
        [ADMIN_PATHS.totpVerify]: (req) =>
          JSON.parse(req.body).code === 'k3x2q-7m4p3'
            ? { console_expires_at: liveSession().console_expires_at, recovery_codes_left: 3 }
            : fail(4033, '验证码错误或已过期', 400),
      },
    );
    await screen.findByRole('heading', { name: '输入验证码' });
    fireEvent.click(screen.getByRole('button', { name: '改用恢复码' }));
    expect(screen.getByText('剩余 4 个恢复码')).toBeTruthy();
    typeCode('恢复码', 'used1-used1');
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码错误或已过期');

    typeCode('恢复码', ' k3x2q-7m4p3 ');
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    await screen.findByRole('navigation', { name: '后台栏目' });
    expect(callsTo(requests, ADMIN_PATHS.totpVerify).map((r) => JSON.parse(r.body).code)).toEqual([
      'used1-used1',
      'k3x2q-7m4p3',
    ]);
    expect(getToasts().at(-1)?.message).toContain('恢复码只剩 3 个');
  });

  it('locks the console again on sign-out, keeping the site signed in', async () => {
    const { requests } = openConsole('/admin/audit-log', { ...SUPPORT, ...liveSession() });
    await screen.findByRole('heading', { name: '操作日志', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: '退出后台' }));
    await screen.findByRole('heading', { name: '输入验证码' });
    expect(callsTo(requests, ADMIN_PATHS.signOut)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: '登录运营后台' })).toBeNull();
  });
});
