import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { SITE_PATHS } from '@kaixiang/shared/site';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { browser } from '../../../lib/browser.ts';
import { getCookie } from '../../../lib/cookies.ts';
import { LOGIN_MODE, type LoginMode, openLoginDialog } from '../../../lib/events.ts';
import { getLoading } from '../../../lib/loading.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { HOST_INFO } from '../../../test/fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

function lastToast(): string | undefined {
  return getToasts().at(-1)?.message;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function openDialog(mode: LoginMode, overrides: Record<string, MockHandler> = {}) {
  const api = mockApi(accountHandlers(overrides));
  const app = renderApp('/');
  await screen.findByRole('button', { name: '登录' });
  act(() => openLoginDialog(mode));
  const dialog = await screen.findByRole('dialog');
  // The captcha of the form (if it has one) has loaded when its picture shows.
  if (mode !== LOGIN_MODE.login) await within(dialog).findByRole('img', { name: /图片验证码/ });
  return { ...api, ...app, dialog };
}

function submit(dialog: HTMLElement, name: string) {
  fireEvent.click(within(dialog).getByRole('button', { name }));
}

/** Submits and returns the message the player is shown. */
async function messageAfterSubmit(dialog: HTMLElement, name: string): Promise<string | undefined> {
  submit(dialog, name);
  await waitFor(() => expect(getToasts().length).toBeGreaterThan(0));
  return lastToast();
}

const posts = (requests: MockRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === `/api${path}`);

describe('register by phone', () => {
  it('shows each missing field in the order of the spec, then registers with a hashed password', async () => {
    let release: () => void = () => {};
    const { dialog, requests } = await openDialog(LOGIN_MODE.register, {
      [ACCOUNT_PATHS.register]: () => new Promise((r) => (release = () => r(TOKENS))),
    });
    const steps: [() => void, string][] = [
      [() => {}, '请输入昵称'],
      [() => fill('昵称', '开箱 玩家!'), '请输入手机号码'],
      [() => fill('手机号', '2380013'), '请输入正确的手机号'],
      [() => fill('手机号', '13800138000'), '请输入验证码'],
      [() => fill('验证码', '123456'), '请输入登陆密码'],
      [() => fill('设置密码（6-12位）', '12345'), '密码长度为6-12位'],
      [() => fill('设置密码（6-12位）', 'secret12'), '请确认本人已满18周岁'],
      [() => fireEvent.click(screen.getByRole('checkbox', { name: '我已满18周岁' })), '请阅读并接受用户协议和隐私条款'],
    ];
    for (const [act, message] of steps) {
      act();
      expect(await messageAfterSubmit(dialog, '注册')).toBe(message);
    }
    expect((screen.getByLabelText('昵称') as HTMLInputElement).value).toBe('开箱玩家');
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私条款》' }));
    fill('图片验证码', 'ab12');
    submit(dialog, '注册');
    await waitFor(() => expect(getLoading()).toEqual({ visible: true, text: '正在注册…' }));
    expect(screen.getByText('正在注册…')).toBeTruthy();
    await waitFor(() => expect(posts(requests, ACCOUNT_PATHS.register)).toHaveLength(1));
    release();
    await screen.findByRole('dialog', { name: '注册成功' });
    expect(getLoading().visible).toBe(false);
    const body = JSON.parse(posts(requests, ACCOUNT_PATHS.register)[0]!.body);
    expect(body).toMatchObject({
      mobile: '13800138000',
      verify_code: '123456',
      nick_name: '开箱玩家',
      invite_code: '',
      captcha: 'ab12',
      captcha_id: 'c1',
      password: await hashPasswordForTransport('secret12'),
    });
    expect(getCookie('Authorization')).toBe('acc-1');
  });

  it('limits the nickname by width: 12 Chinese characters fill the 24', async () => {
    await openDialog(LOGIN_MODE.register);
    fill('昵称', '一二三四五六七八九十壹贰叁');
    expect((screen.getByLabelText('昵称') as HTMLInputElement).value).toBe('一二三四五六七八九十壹贰');
  });

  it('prefills the invite code the visitor arrived with', async () => {
    localStorage.setItem('kx_invite_code', JSON.stringify({ datatype: 'string', content: 'FRIEND7', timestamp: 1 }));
    await openDialog(LOGIN_MODE.register);
    await waitFor(() => expect((screen.getByLabelText('邀请码（选填）') as HTMLInputElement).value).toBe('FRIEND7'));
  });

  it("prefers the host's promotional code, and hides the field on hosts that hide it", async () => {
    localStorage.setItem('kx_invite_code', JSON.stringify({ datatype: 'string', content: 'FRIEND7', timestamp: 1 }));
    const host = { ...HOST_INFO, invite_code: 'HOSTPROMO' };
    const { unmount } = await openDialog(LOGIN_MODE.register, { [SITE_PATHS.hostInfo]: () => host });
    await waitFor(() => expect((screen.getByLabelText('邀请码（选填）') as HTMLInputElement).value).toBe('HOSTPROMO'));
    unmount();
    await openDialog(LOGIN_MODE.register, { [SITE_PATHS.hostInfo]: () => ({ ...host, hide_invite: true }) });
    await waitFor(() => expect(screen.queryByLabelText('邀请码（选填）')).toBeNull());
  });
});

describe('send-code button', () => {
  it('checks phone then captcha, then counts down 60 s and offers 重新获取', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { dialog, requests } = await openDialog(LOGIN_MODE.register);
    const send = () => within(dialog).getByRole('button', { name: /获取验证码|重新获取|\ds$/ });
    fireEvent.click(send());
    expect(lastToast()).toBe('请填写手机号');
    fill('手机号', '1380013800');
    fireEvent.click(send());
    expect(lastToast()).toBe('请输入正确的手机号');
    fill('手机号', '13800138000');
    fireEvent.click(send());
    expect(lastToast()).toBe('请输入图片验证码');
    fill('图片验证码', 'ab12');
    fireEvent.click(send());
    await waitFor(() => expect(lastToast()).toBe('发送成功'));
    expect(send().textContent).toBe('60s');
    expect((send() as HTMLButtonElement).disabled).toBe(true);
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.smsCode)[0]!.body)).toEqual({
      mobile: '13800138000',
      code_type: 1,
      captcha: 'ab12',
      captcha_id: 'c1',
    });
    act(() => vi.advanceTimersByTime(59_000));
    expect(send().textContent).toBe('1s');
    act(() => vi.advanceTimersByTime(1_000));
    expect(send().textContent).toBe('重新获取');
    expect((send() as HTMLButtonElement).disabled).toBe(false);
  });

  it('on a refusal gets a new captcha, resets the countdown and says nothing', async () => {
    const { dialog } = await openDialog(LOGIN_MODE.register, {
      [ACCOUNT_PATHS.smsCode]: () => fail(4104, '图片验证码错误或已失效'),
    });
    const picture = () =>
      within(dialog)
        .getByRole('img', { name: /图片验证码/ })
        .getAttribute('src');
    expect(picture()).toBe('/api/sms/v1/captcha/c1.svg');
    fill('手机号', '13800138000');
    fill('图片验证码', 'zzzz');
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(picture()).toBe('/api/sms/v1/captcha/c2.svg'));
    const button = within(dialog).getByRole('button', { name: '重新获取' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect((screen.getByLabelText('图片验证码') as HTMLInputElement).value).toBe('');
    expect(getToasts()).toEqual([]);
  });
});

describe('password login', () => {
  it('checks phone, password, then the combined 18+ and agreement box', async () => {
    const { dialog } = await openDialog(LOGIN_MODE.login);
    expect(await messageAfterSubmit(dialog, '登录')).toBe('请填写手机号');
    fill('手机号', '2345678901');
    expect(await messageAfterSubmit(dialog, '登录')).toBe('请输入正确的手机号');
    fill('手机号', '13800138000');
    expect(await messageAfterSubmit(dialog, '登录')).toBe('请输入登陆密码');
    fill('密码', 'secret12');
    expect(await messageAfterSubmit(dialog, '登录')).toBe('请确认已满18周岁,并同意《用户协议》和《隐私条款》');
  });

  it('accepts digits only in the phone field, at most 11', async () => {
    await openDialog(LOGIN_MODE.login);
    fill('手机号', '138-0013 8000999');
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13800138000');
  });

  it('stores the tokens, loads the player, closes and shows the balance in the header', async () => {
    const { dialog, requests } = await openDialog(LOGIN_MODE.login);
    fill('手机号', '13800138000');
    fill('密码', 'secret12');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    submit(dialog, '登录');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.login)[0]!.body)).toEqual({
      mobile: '13800138000',
      password: await hashPasswordForTransport('secret12'),
    });
    expect(getCookie('Authorization')).toBe('acc-1');
    expect(getCookie('Refresh')).toBe('ref-1');
    expect(getCookie('user_id')).toBe('42');
    expect(getCookie('loginFlag')).not.toBeNull();
    expect(requests.some((r) => r.url.pathname === `/api${ACCOUNT_PATHS.detail}`)).toBe(true);
    // 1 234 599 units = 123.4599 yuan, floored to 2 decimals.
    expect((await screen.findByTestId('header-balance')).textContent).toBe('123.45');
    expect(lastToast()).toBe('登录成功');
  });

  it('Enter in a field submits the active tab', async () => {
    const { dialog } = await openDialog(LOGIN_MODE.login);
    fireEvent.keyDown(within(dialog).getByLabelText('密码'), { key: 'Enter' });
    await waitFor(() => expect(lastToast()).toBe('请填写手机号'));
  });

  it('blocks further submissions for 3 s after one went out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { dialog, requests } = await openDialog(LOGIN_MODE.login, {
      [ACCOUNT_PATHS.login]: () => fail(4120, '账号或密码错误'),
    });
    fill('手机号', '13800138000');
    fill('密码', 'wrong12');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    submit(dialog, '登录');
    await waitFor(() => expect(lastToast()).toBe('账号或密码错误'));
    submit(dialog, '登录');
    vi.advanceTimersByTime(2_900);
    submit(dialog, '登录');
    await new Promise((r) => setTimeout(r, 20));
    expect(posts(requests, ACCOUNT_PATHS.login)).toHaveLength(1);
    vi.advanceTimersByTime(200);
    submit(dialog, '登录');
    await waitFor(() => expect(posts(requests, ACCOUNT_PATHS.login)).toHaveLength(2));
  });

  it('opens unlocked again after a successful login: the lock stops repeats, not the next login', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { dialog, requests } = await openDialog(LOGIN_MODE.login);
    fill('手机号', '13800138000');
    fill('密码', 'secret12');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    submit(dialog, '登录');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Within the 3 s: the player signed out at once and logs in again.
    vi.advanceTimersByTime(500);
    act(() => openLoginDialog(LOGIN_MODE.login));
    const again = await screen.findByRole('dialog');
    fill('手机号', '13800138000');
    fill('密码', 'secret12');
    const box = within(again).getByRole('checkbox') as HTMLInputElement;
    if (!box.checked) fireEvent.click(box);
    submit(again, '登录');
    await waitFor(() => expect(posts(requests, ACCOUNT_PATHS.login)).toHaveLength(2));
  });

  it('switches between login and register, and goes to forgot and back on cancel', async () => {
    const { dialog } = await openDialog(LOGIN_MODE.login);
    fireEvent.click(within(dialog).getByRole('tab', { name: '注册' }));
    expect(within(dialog).getByLabelText('昵称')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: '登录' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '忘记密码？' }));
    expect(screen.getByRole('dialog', { name: '找回密码' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.getByRole('dialog', { name: '登录' })).toBeTruthy();
  });

  it('the Steam button asks for the 18+ and agreement box first, then for the redirect with the site origin and follows it', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { dialog, requests } = await openDialog(LOGIN_MODE.login, {
      [ACCOUNT_PATHS.steamRedirect]: () => ({ url: 'https://steam.example/openid?x=1' }),
    });
    // Spec 1 §1: 18 or older is confirmed at login, whichever way the player signs in.
    expect(await messageAfterSubmit(dialog, 'Steam 登录')).toBe('请确认已满18周岁,并同意《用户协议》和《隐私条款》');
    expect(posts(requests, ACCOUNT_PATHS.steamRedirect)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '我已满18周岁，并同意《用户协议》和《隐私条款》' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Steam 登录' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://steam.example/openid?x=1'));
    const origin = window.location.origin;
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.steamRedirect)[0]!.body)).toEqual({
      return_to: `${origin}/`,
      realm: `${origin}/`,
    });
  });

  it('Steam from the register tab asks for both of its boxes, in the spec order, and the e-mail tab for its one', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { dialog, requests } = await openDialog(LOGIN_MODE.register, {
      [ACCOUNT_PATHS.steamRedirect]: () => ({ url: 'https://steam.example/openid?x=2' }),
    });
    expect(await messageAfterSubmit(dialog, 'Steam 登录')).toBe('请确认本人已满18周岁');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '我已满18周岁' }));
    expect(await messageAfterSubmit(dialog, 'Steam 登录')).toBe('请阅读并接受用户协议和隐私条款');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '我已满18周岁' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私条款》' }));
    // The e-mail form's one box shows what the dialog holds: not ticked, as 18+ was taken back.
    fireEvent.click(within(dialog).getByRole('button', { name: '邮箱' }));
    const box = within(dialog).getByRole('checkbox', { name: '我已满18周岁，已阅读并同意《用户协议》和《隐私条款》' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(await messageAfterSubmit(dialog, 'Steam 登录')).toBe('请确认已满18周岁,并同意《用户协议》和《隐私条款》');
    expect(posts(requests, ACCOUNT_PATHS.steamRedirect)).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Steam 登录' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://steam.example/openid?x=2'));
  });

  it('reloads after a login started from the command-code entry', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    mockApi(accountHandlers());
    renderApp('/');
    await screen.findByRole('button', { name: '登录' });
    act(() => openLoginDialog(LOGIN_MODE.login, 'command'));
    const dialog = await screen.findByRole('dialog');
    fill('手机号', '13800138000');
    fill('密码', 'secret12');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    submit(dialog, '登录');
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });
});

describe('opening', () => {
  it('opens for a page that asks on its first render (/vip logged out)', async () => {
    mockApi(accountHandlers());
    renderApp('/vip');
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeTruthy();
  });
});

describe('forgot password', () => {
  it('checks phone, code, password and the repeat, then changes it and returns to login', async () => {
    const { dialog, requests } = await openDialog(LOGIN_MODE.forgot);
    expect(await messageAfterSubmit(dialog, '确定')).toBe('请填写手机号');
    fill('手机号', '13800138000');
    expect(await messageAfterSubmit(dialog, '确定')).toBe('请输入验证码');
    fill('验证码', '654321');
    expect(await messageAfterSubmit(dialog, '确定')).toBe('请输入登陆密码');
    fill('设置密码（6-12位）', 'newpass1');
    expect(await messageAfterSubmit(dialog, '确定')).toBe('两次输入的密码不一致');
    fill('再次输入密码', 'newpass1');
    submit(dialog, '确定');
    await screen.findByRole('dialog', { name: '登录' });
    expect(lastToast()).toBe('密码修改成功');
    const hash = await hashPasswordForTransport('newpass1');
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.changePassword)[0]!.body)).toEqual({
      phone: '13800138000',
      verify_code: '654321',
      password: hash,
      re_password: hash,
    });
  });
});

describe('e-mail variants', () => {
  it('speak the e-mail messages, in English too', async () => {
    await i18n.changeLanguage('en-US');
    const api = mockApi(accountHandlers());
    renderApp('/');
    await screen.findByRole('button', { name: 'Log in' });
    act(() => openLoginDialog(LOGIN_MODE.login));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'E-mail' }));
    expect(await messageAfterSubmit(dialog, 'Log in')).toBe('Please enter the correct email address!');
    fill('E-mail', 'player@example.com');
    fill('Password', 'secret12');
    expect(await messageAfterSubmit(dialog, 'Log in')).toBe('Please check I have read and agree!');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    submit(dialog, 'Log in');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(posts(api.requests, ACCOUNT_PATHS.loginByEmail)[0]!.body).email).toBe('player@example.com');
  });

  it('register by e-mail wants matching passwords', async () => {
    const { dialog } = await openDialog(LOGIN_MODE.register);
    fireEvent.click(within(dialog).getByRole('button', { name: '邮箱' }));
    await within(dialog).findByRole('img', { name: /图片验证码/ });
    fill('昵称', '玩家');
    fill('邮箱', 'a@b.cn');
    fill('验证码', '123456');
    fill('设置密码（6-12位）', 'secret12');
    fill('再次输入密码', 'secret13');
    expect(await messageAfterSubmit(dialog, '注册')).toBe('两次输入的密码不一致');
  });
});

describe('registration success dialog', () => {
  it('offers the trade link for a free box and copies the group number', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { dialog, router } = await openDialog(LOGIN_MODE.register);
    fill('昵称', '玩家');
    fill('手机号', '13800138000');
    fill('验证码', '123456');
    fill('设置密码（6-12位）', 'secret12');
    for (const box of within(dialog).getAllByRole('checkbox')) fireEvent.click(box);
    submit(dialog, '注册');
    const welcome = await screen.findByRole('dialog', { name: '注册成功' });
    expect(within(welcome).getByText('739281460')).toBeTruthy();
    expect(within(welcome).getByRole('img', { name: '官方群二维码' }).getAttribute('src')).toBe('/img/qr/group.svg');
    fireEvent.click(within(welcome).getByRole('button', { name: '复制群号' }));
    await waitFor(() => expect(lastToast()).toBe('复制群号成功'));
    fireEvent.click(within(welcome).getByRole('button', { name: '复制群号' }));
    await waitFor(() => expect(lastToast()).toBe('复制群号失败'));
    expect(writeText).toHaveBeenCalledWith('739281460');
    fireEvent.click(within(welcome).getByRole('button', { name: '去绑定交易链接' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalCenter/inventory'));
    expect(router.state.location.hash).toBe('#trade-link');
  });
});
