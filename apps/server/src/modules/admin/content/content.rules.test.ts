import { contentProblems, isHttpsUrl, isSitePath } from '@kaixiang/shared/admin-content';
import { describe, expect, it } from 'vitest';

const CDN = 'https://cdn.example.test';
const banner = (over: { img?: string; link?: string; title_zh_cn?: string } = {}) =>
  contentProblems.banner(
    {
      title_zh_cn: '横幅',
      title_zh_tw: '',
      title_en: '',
      img: '/img/b.jpg',
      link: '',
      sort: 0,
      enabled: false,
      ...over,
    },
    [CDN],
  );

/** The field rules the server answers with (shared/admin-content.ts contentProblems). */
describe('content rules', () => {
  it('takes site paths and https URLs as links, and nothing that leaves the site unannounced', () => {
    for (const ok of ['/boxes', '/help/qustion', '/img/b.jpg?v=2', '/roll#top']) expect(isSitePath(ok), ok).toBe(true);
    for (const bad of ['boxes', '//evil.test/x', '/\\evil.test', '/a b', '', 'https://x.test', '/"><script>'])
      expect(isSitePath(bad), bad).toBe(false);
    expect(isHttpsUrl('https://example.test/a?b=1')).toBe(true);
    for (const bad of [
      'http://example.test',
      'javascript:alert(1)',
      'https://u:p@example.test/',
      'https://',
      'https://a b',
    ])
      expect(isHttpsUrl(bad), bad).toBe(false);
  });

  it('wants a banner picture from the site or an allowed image origin, and a link or none', () => {
    expect(banner()).toEqual([]);
    expect(banner({ img: `${CDN}/b.jpg`, link: 'https://elsewhere.test/promo' })).toEqual([]);
    expect(banner({ img: 'https://elsewhere.test/b.jpg' })).toEqual([{ code: 'CONTENT_IMAGE_INVALID', field: 'img' }]);
    expect(banner({ img: 'data:image/png;base64,AAAA' })).toEqual([{ code: 'CONTENT_IMAGE_INVALID', field: 'img' }]);
    expect(banner({ link: 'javascript:alert(1)', title_zh_cn: ' ' })).toEqual([
      { code: 'CONTENT_TEXT_REQUIRED', field: 'title_zh_cn' },
      { code: 'CONTENT_LINK_INVALID', field: 'link' },
    ]);
  });

  it('counts characters, not UTF-16 units, against a limit', () => {
    const at = (content_zh_cn: string) =>
      contentProblems.notice({ content_zh_cn, content_zh_tw: '', content_en: '', sort: 0, enabled: false });
    expect(at('😀'.repeat(200))).toEqual([]);
    expect(at('😀'.repeat(201))).toEqual([{ code: 'CONTENT_TEXT_TOO_LONG', field: 'content_zh_cn' }]);
  });

  it('keeps nav items inside the site', () => {
    const nav = (path: string) =>
      contentProblems.nav({
        title_zh_cn: '导航',
        title_zh_tw: '',
        title_en: '',
        path,
        icon: '',
        need_login: 1,
        badge: null,
        sort: 0,
        enabled: true,
      });
    expect(nav('/boxes')).toEqual([]);
    expect(nav('https://example.test/')).toEqual([{ code: 'CONTENT_LINK_INVALID', field: 'path' }]);
  });
});
