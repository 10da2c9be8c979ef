import {
  ADMIN_CONTENT_PATHS,
  type AdminNotice,
  type HelpOverride,
  helpBodyText,
  parseHelpBody,
} from '@kaixiang/shared/admin-content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { helpEnUS } from '../../../help/content/en-US.ts';
import { helpZhCN } from '../../../help/content/zh-CN.ts';
import { ADMIN, callsTo, consoleHandlers, liveSession } from '../../test-fixtures.ts';

const noticeRow = (id: number, over: Partial<AdminNotice> = {}): AdminNotice => ({
  id,
  content_zh_cn: `公告${id}`,
  content_zh_tw: '',
  content_en: `Notice ${id}`,
  sort: id,
  enabled: true,
  created_at: 1_795_000_000_000,
  ...over,
});

const bodyOf = (requests: MockRequest[], path: string) => JSON.parse(callsTo(requests, path).at(-1)!.body);

/** The console at `path` for an admin, over a server that keeps the notices it is told about. */
function open(path: string, overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  let notices = [noticeRow(1), noticeRow(2, { enabled: false, content_zh_cn: '维护预告' })];
  const api = mockApi(
    consoleHandlers(
      { ...ADMIN, ...liveSession() },
      {
        [ADMIN_CONTENT_PATHS.notices]: () => ({ list: notices }),
        [ADMIN_CONTENT_PATHS.noticeUpdate]: (req) => {
          const body = JSON.parse(req.body) as AdminNotice;
          notices = notices.map((n) => (n.id === body.id ? { ...n, ...body } : n));
          return notices.find((n) => n.id === body.id);
        },
        [ADMIN_CONTENT_PATHS.banners]: () => ({ list: [] }),
        [ADMIN_CONTENT_PATHS.help]: () => ({ list: [] }),
        ...overrides,
      },
    ),
  );
  return { ...api, ...renderApp(path) };
}

describe('the content screen', () => {
  it('lists every notice with its state, and publishes an unpublished one in place', async () => {
    const { requests } = open('/admin/content');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('已发布')).toBeTruthy();
    expect(within(rows[2]!).getByText('维护预告')).toBeTruthy();
    expect(within(rows[2]!).getByText('未发布')).toBeTruthy();

    fireEvent.click(within(rows[2]!).getByRole('button', { name: '发布' }));
    await waitFor(() =>
      expect(within(within(screen.getByRole('table')).getAllByRole('row')[2]!).getByText('已发布')).toBeTruthy(),
    );
    expect(bodyOf(requests, ADMIN_CONTENT_PATHS.noticeUpdate)).toEqual({
      id: 2,
      content_zh_cn: '维护预告',
      content_zh_tw: '',
      content_en: 'Notice 2',
      sort: 2,
      enabled: true,
    });
    // The list was read again after the change.
    expect(callsTo(requests, ADMIN_CONTENT_PATHS.notices).length).toBeGreaterThanOrEqual(2);
  });

  it('creates a banner from three languages side by side, and shows the server’s refusal in the dialog', async () => {
    let answer: () => unknown = () =>
      fail(4094, '图片地址须为本站路径（如 /img/banner.jpg）或本站图片服务器的 https 网址', 400);
    const { requests } = open('/admin/content?tab=banners', {
      [ADMIN_CONTENT_PATHS.bannerCreate]: () => answer(),
    });
    expect(await screen.findByText('还没有横幅')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新建横幅' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('标题 · 简体中文'), { target: { value: '新箱子上线' } });
    fireEvent.change(dialog.getByLabelText('标题 · English'), { target: { value: 'New boxes' } });
    fireEvent.change(dialog.getByLabelText('图片地址'), { target: { value: 'http://cdn.example.com/a.jpg' } });
    fireEvent.change(dialog.getByLabelText('点击前往'), { target: { value: '/boxes' } });
    fireEvent.click(dialog.getByRole('button', { name: '保存' }));
    expect(await dialog.findByRole('alert')).toHaveProperty(
      'textContent',
      '图片地址须为本站路径（如 /img/banner.jpg）或本站图片服务器的 https 网址',
    );
    expect(bodyOf(requests, ADMIN_CONTENT_PATHS.bannerCreate)).toEqual({
      title_zh_cn: '新箱子上线',
      title_zh_tw: '',
      title_en: 'New boxes',
      img: 'http://cdn.example.com/a.jpg',
      link: '/boxes',
      sort: 0,
      enabled: false,
    });

    answer = () => ({ id: 5, ...bodyOf(requests, ADMIN_CONTENT_PATHS.bannerCreate) });
    fireEvent.change(dialog.getByLabelText('图片地址'), { target: { value: 'https://cdn.example.com/a.jpg' } });
    fireEvent.click(dialog.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(requests, ADMIN_CONTENT_PATHS.bannerCreate).img).toBe('https://cdn.example.com/a.jpg');
  });

  it('edits a help page in one language starting from its static text, and reverts another to the default', async () => {
    const edited: HelpOverride = {
      page: 'question',
      locale: 'zh-CN',
      title: '新版常见问题',
      body: '## 新的小节\n新的段落',
      updated_by: 1,
      updated_at: 1_795_000_000_000,
    };
    const { requests } = open('/admin/content?tab=help', {
      [ADMIN_CONTENT_PATHS.help]: () => ({ list: [edited] }),
      [ADMIN_CONTENT_PATHS.helpSave]: (req) => ({ ...JSON.parse(req.body), updated_by: 1, updated_at: 1 }),
      [ADMIN_CONTENT_PATHS.helpRevert]: (req) => JSON.parse(req.body),
    });
    const english = within(await screen.findByRole('form', { name: 'English' }));
    // The English page has no edit: it starts from the static text, in the help markup.
    expect(english.getByText('默认文本')).toBeTruthy();
    expect(english.getByLabelText('标题')).toHaveProperty('value', helpEnUS.question.title);
    const body = english.getByLabelText('正文') as HTMLTextAreaElement;
    expect(body.value).toBe(helpBodyText(helpEnUS.question));
    expect(parseHelpBody(body.value).sections[0]?.heading).toBe(helpEnUS.question.sections[0]?.heading);
    const save = english.getByRole('button', { name: '保存English' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(english.getByLabelText('标题'), { target: { value: 'Questions' } });
    fireEvent.click(save);
    await waitFor(() => expect(callsTo(requests, ADMIN_CONTENT_PATHS.helpSave)).toHaveLength(1));
    expect(bodyOf(requests, ADMIN_CONTENT_PATHS.helpSave)).toEqual({
      page: 'question',
      locale: 'en-US',
      title: 'Questions',
      body: helpBodyText(helpEnUS.question),
    });

    // zh-CN shows the operator's edit, not the static text, and can go back to the default.
    const chinese = within(screen.getByRole('form', { name: '简体中文' }));
    expect(chinese.getByText('已修改')).toBeTruthy();
    expect(chinese.getByLabelText('标题')).toHaveProperty('value', '新版常见问题');
    expect(chinese.getByLabelText('标题')).not.toHaveProperty('value', helpZhCN.question.title);
    fireEvent.click(chinese.getByRole('button', { name: '恢复默认' }));
    const confirm = within(await screen.findByRole('dialog'));
    fireEvent.click(confirm.getByRole('button', { name: '恢复默认' }));
    await waitFor(() => expect(callsTo(requests, ADMIN_CONTENT_PATHS.helpRevert)).toHaveLength(1));
    expect(bodyOf(requests, ADMIN_CONTENT_PATHS.helpRevert)).toEqual({ page: 'question', locale: 'zh-CN' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
