import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { FREE_BOX_PATHS } from '@kaixiang/shared/energy';
import { mainlandCheckChar } from '@kaixiang/shared/id-card';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { getCookie } from '../../../../lib/cookies.ts';
import { storeSession } from '../../../../lib/session.ts';
import { getToasts } from '../../../../lib/toast.ts';
import { accountHandlers, TOKENS, USER } from '../../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

const ADULT_ID = (() => {
  const first17 = '11010519900307123';
  return first17 + mainlandCheckChar(first17);
})();
const CHILD_ID = (() => {
  const first17 = '11010520150307123';
  return first17 + mainlandCheckChar(first17);
})();

const lastToast = () => getToasts().at(-1)?.message;
const posts = (requests: MockRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === `/api${path}`);

async function openCentre(overrides: Record<string, MockHandler> = {}, path = '/personalCenter/inventory') {
  storeSession(TOKENS);
  const api = mockApi(accountHandlers(overrides));
  const app = renderApp(path);
  await screen.findByRole('region', { name: i18n.t('profile.title') });
  return { ...api, ...app };
}

function fill(scope: HTMLElement, label: string, value: string) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

describe('identity dialog', () => {
  it('answers with the shared rules first, then verifies once per 3 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { requests } = await openCentre({
      [ACCOUNT_PATHS.identity]: () => fail(4135, '该身份证已绑定5个账号，无法继续绑定'),
    });
    fireEvent.click(screen.getByRole('button', { name: '去认证' }));
    const dialog = await screen.findByRole('dialog', { name: '实名认证' });
    expect(within(dialog).getByText('一个身份证最多绑定5个账号')).toBeTruthy();
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    submit();
    expect(lastToast()).toBe('请输入真实姓名和身份证号码');
    fill(dialog, '真实姓名', '张三');
    fill(dialog, '证件号码', '12345');
    submit();
    expect(lastToast()).toBe('身份证号码不合规');
    fill(dialog, '证件号码', `${ADULT_ID.slice(0, 17)}${ADULT_ID[17] === '0' ? '1' : '0'}`);
    submit();
    expect(lastToast()).toBe('身份证校验码不合规');
    fill(dialog, '证件号码', '110105199002301234');
    submit();
    expect(lastToast()).toBe('出生日期不合规');
    fill(dialog, '证件号码', CHILD_ID);
    submit();
    expect(lastToast()).toBe('身份证年龄未满18岁');
    fill(dialog, '证件号码', ADULT_ID);
    submit();
    await waitFor(() => expect(lastToast()).toBe('该身份证已绑定5个账号，无法继续绑定'));
    const button = within(dialog).getByRole('button', { name: '提交' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    submit();
    await new Promise((r) => setTimeout(r, 20));
    expect(posts(requests, ACCOUNT_PATHS.identity)).toHaveLength(1);
    vi.advanceTimersByTime(3_000);
    submit();
    await waitFor(() => expect(posts(requests, ACCOUNT_PATHS.identity)).toHaveLength(2));
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.identity)[0]!.body)).toEqual({
      realname: '张三',
      identification: ADULT_ID,
      type: 1,
    });
  });

  it('says 身份认证成功 and closes', async () => {
    await openCentre({ [ACCOUNT_PATHS.identity]: () => null });
    fireEvent.click(screen.getByRole('button', { name: '去认证' }));
    const dialog = await screen.findByRole('dialog', { name: '实名认证' });
    fill(dialog, '真实姓名', '张三');
    fill(dialog, '证件号码', ADULT_ID);
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastToast()).toBe('身份认证成功');
  });
});

describe('change password', () => {
  it('closes and signs out on success', async () => {
    const { requests } = await openCentre();
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    expect((within(dialog).getByLabelText('手机号') as HTMLInputElement).value).toBe('13800138000');
    fill(dialog, '验证码', '123456');
    fill(dialog, '设置密码（6-12位）', 'newpass1');
    fill(dialog, '再次输入密码', 'newpass1');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await screen.findByRole('button', { name: '登录' });
    expect(posts(requests, ACCOUNT_PATHS.changePassword)).toHaveLength(1);
    expect(getCookie('loginFlag')).toBeNull();
    expect(getToasts().map((t) => t.message)).toEqual(['密码修改成功', '退出登录成功']);
  });
});

describe('trade link', () => {
  it('asks for the link when empty, in English too, and says 绑定成功 when bound', async () => {
    const { requests } = await openCentre({ [ACCOUNT_PATHS.steamLink]: () => ({ reward_price: 0 }) });
    const row = () => screen.getByLabelText(/Steam 交易链接|Steam trade link/).closest('.trade-link') as HTMLElement;
    const bind = () => fireEvent.click(within(row()).getByRole('button', { name: '绑定' }));
    bind();
    expect(lastToast()).toBe('您没有填写交易链接');
    await act(() => i18n.changeLanguage('en-US'));
    fireEvent.click(within(row()).getByRole('button', { name: 'Bind' }));
    expect(lastToast()).toBe('You did not fill in the transaction link');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByRole('link', { name: '如何获取交易链接？' }).getAttribute('href')).toBe('/help/tradeLink');
    const link = 'https://steamcommunity.com/tradeoffer/new/?partner=12345678&token=AbCdEf12';
    fireEvent.change(screen.getByLabelText('Steam 交易链接'), { target: { value: link } });
    bind();
    await waitFor(() => expect(lastToast()).toBe('绑定成功'));
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.steamLink)[0]!.body)).toEqual({ steam_link: link });
  });
});

describe('trade link free box', () => {
  it('says what the first binding unlocked and takes the player to the free box', async () => {
    const { router } = await openCentre({
      [ACCOUNT_PATHS.steamLink]: () => ({ reward_price: 0 }),
      [FREE_BOX_PATHS.info]: () => ({
        list: [
          {
            kind: 'trade_link',
            box_id: 3,
            box_name: '新手箱',
            box_img: '/img/boxes/3.png',
            price: 25_000,
            state: 'claimable',
            opening_id: null,
          },
        ],
      }),
    });
    const link = 'https://steamcommunity.com/tradeoffer/new/?partner=12345678&token=AbCdEf12';
    fireEvent.change(screen.getByLabelText('Steam 交易链接'), { target: { value: link } });
    fireEvent.click(
      within(screen.getByLabelText('Steam 交易链接').closest('.trade-link') as HTMLElement).getByRole('button', {
        name: '绑定',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '绑定成功' });
    expect(within(dialog).getByText('你获得了一次免费开启「新手箱」的机会（价值 ¥2.50）')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '去开启' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/energyBox'));
    expect(router.state.location.hash).toBe('#free-boxes');
  });
});

describe('basic info', () => {
  it('changes the nickname, stripped as typed', async () => {
    const { requests } = await openCentre({ [ACCOUNT_PATHS.changeNickName]: () => null });
    fireEvent.click(screen.getByRole('button', { name: '修改' }));
    fireEvent.change(screen.getByLabelText('昵称'), { target: { value: '新 名字!' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lastToast()).toBe('昵称修改成功'));
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.changeNickName)[0]!.body)).toEqual({ nick_name: '新名字' });
  });

  it('picks an avatar from the server list', async () => {
    const { requests } = await openCentre({
      [ACCOUNT_PATHS.avatarList]: () => ({ list: [{ id: 7, url: '/img/avatars/7.svg' }] }),
      [ACCOUNT_PATHS.changeAvatar]: () => null,
    });
    fireEvent.click(screen.getByRole('button', { name: '更换头像' }));
    const dialog = await screen.findByRole('dialog', { name: '选择头像' });
    fireEvent.click(await within(dialog).findByRole('button', { name: '更换头像 7' }));
    await waitFor(() => expect(lastToast()).toBe('头像修改成功'));
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.changeAvatar)[0]!.body)).toEqual({ avatar_id: 7 });
  });

  it('switches SMS notifications and shows the own invite code', async () => {
    const { requests } = await openCentre({ [ACCOUNT_PATHS.smsSwitch]: () => null });
    expect(screen.getByText('KX8H2Q')).toBeTruthy();
    expect(screen.getByText('138****8000')).toBeTruthy();
    const sw = screen.getByRole('switch', { name: '短信通知' });
    expect(sw.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(sw);
    await waitFor(() => expect(posts(requests, ACCOUNT_PATHS.smsSwitch)).toHaveLength(1));
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.smsSwitch)[0]!.body)).toEqual({ switch: 0 });
  });

  it('destroys the account with an SMS code of type 4 and signs out', async () => {
    const { requests } = await openCentre({ [ACCOUNT_PATHS.destroy]: () => null });
    fireEvent.click(screen.getAllByRole('button', { name: '注销账号' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: '注销账号' });
    await within(dialog).findByRole('img', { name: /图片验证码/ });
    fill(dialog, '图片验证码', 'ab12');
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(posts(requests, ACCOUNT_PATHS.smsCode)).toHaveLength(1));
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.smsCode)[0]!.body).code_type).toBe(4);
    fill(dialog, '验证码', '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认注销' }));
    await screen.findByRole('button', { name: '登录' });
    expect(JSON.parse(posts(requests, ACCOUNT_PATHS.destroy)[0]!.body)).toEqual({ verify_code: '123456' });
    expect(getCookie('Authorization')).toBeNull();
    expect(lastToast()).toBe('账号已注销');
  });
});

describe('promoted users', () => {
  it('shows a real empty state', async () => {
    storeSession(TOKENS);
    mockApi(accountHandlers({ [ACCOUNT_PATHS.promoteUsers]: () => ({ list: [], total: 0 }) }));
    renderApp('/personalCenter/extension');
    expect(await screen.findByText('暂无推广用户')).toBeTruthy();
  });

  it('pages through the list', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(
      accountHandlers({
        [ACCOUNT_PATHS.promoteUsers]: (req) => {
          const page = Number(req.url.searchParams.get('page'));
          return {
            list: [
              {
                user_id: 100 + page,
                nick_name: `下线${page}`,
                vip_level: page + 3,
                avatar: '',
                created_at: USER.created_at,
              },
            ],
            total: 25,
          };
        },
      }),
    );
    renderApp('/personalCenter/extension');
    const badgeOf = async (name: string) => {
      const badge = within(await screen.findByText(name)).getByText(/^VIP\d+$/);
      return [badge.textContent, badge.getAttribute('data-level')];
    };
    expect(await badgeOf('下线1')).toEqual(['VIP4', '4']);
    expect(screen.getByText('共 25 人')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await badgeOf('下线2')).toEqual(['VIP5', '5']);
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
    const pages = requests.filter((r) => r.url.pathname.endsWith(ACCOUNT_PATHS.promoteUsers));
    expect(pages.map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);
  });
});
