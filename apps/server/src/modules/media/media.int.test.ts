import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';

/**
 * The locally drawn item and box art (issue 20): no name in any language in the picture, so one
 * answer serves every viewer; every case and box its own crate; and each box names its drawing
 * so the web can show it when the CDN does not answer.
 */
describe('drawn item and case art', () => {
  let t: TestApp;
  let boxes: BoxListResponse['categories'][number]['boxes'];
  beforeAll(async () => {
    t = await startTestApp();
    const list = await t.api<BoxListResponse>('GET', BOX_PATHS.list);
    boxes = list.body.data.categories.flatMap((c) => c.boxes);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('draws an item without its name, the same picture for every language, cacheable', async () => {
    const [item] = await t.rt.database.db.select().from(itemDefs).limit(1);
    if (!item) throw new Error('no catalogue items');
    const answers = await Promise.all([
      get(`/img/items/${item.id}.svg`),
      get(`/img/items/${item.id}.svg?lang=en-US`, { 'accept-language': 'en-US' }),
      get(`/img/items/${item.id}.svg?lang=zh-TW`, { 'x-lang': 'zh-TW' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.body).toBe(answers[0]?.body);
    }
    const svg = answers[0]?.body ?? '';
    for (const name of [item.nameZhCn, item.nameZhTw, item.nameEn]) expect(svg).not.toContain(name.split(' | ')[0]);
    expect(svg).not.toMatch(/<text|aria-label|[\u2e80-\uffff]/);
  });

  it('draws every CS2 case and every themed box as a crate of its own', async () => {
    expect(boxes.length).toBeGreaterThan(40);
    const pictures = await Promise.all(boxes.map((b) => get(b.fallback_img)));
    for (const res of pictures) expect(res.statusCode).toBe(200);
    expect(new Set(pictures.map((r) => r.body)).size).toBe(boxes.length);
    for (const b of boxes)
      expect(b.fallback_img).toBe(`/img/${b.img.startsWith('/img/boxes/') ? 'boxes' : 'cases'}/${b.box_id}.svg`);
  });

  it('answers 404 for an id that names nothing, or is no id', async () => {
    for (const url of [
      '/img/items/1.svg',
      '/img/cases/1.svg',
      '/img/boxes/1.svg',
      '/img/items/abc.svg',
      '/img/cases/1e99.svg',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
