import { describe, expect, it } from 'vitest';
import { helpEnUS } from './en-US.ts';
import type { HelpContent, HelpDoc, HelpPageId, HelpSection } from './help-content.types.ts';
import { helpZhCN } from './zh-CN.ts';
import { helpZhTW } from './zh-TW.ts';

/** Every page id, checked against the type: a missing or unknown key fails to compile. */
const PAGE_FLAGS: Record<HelpPageId, true> = {
  question: true,
  bindCourse: true,
  condition: true,
  privacyPolicy: true,
  AntiMoneyLaundering: true,
  AboutUs: true,
  tradeHelp: true,
  retrievePc: true,
  retrieveMobile: true,
  newbie: true,
  tradeLink: true,
};
const PAGE_IDS = Object.keys(PAGE_FLAGS) as HelpPageId[];

const LANGUAGES: [string, HelpContent][] = [
  ['zh-CN', helpZhCN],
  ['zh-TW', helpZhTW],
  ['en-US', helpEnUS],
];

/**
 * Figures every language must state on a page (spec 1 §9, spec 2 §9 and the decided values):
 * age 18, password 6 to 12, 5 accounts per ID card, recharge minimum 10 CNY, arrival 5 to 10 minutes,
 * WeChat Pay 9000 CNY a day, USDT 100 to 20000 CNY at about 7.6, inventory kept 8 hours or 30 days,
 * offers accepted within 12 hours, retry after 5 minutes, Steam waits of 15 and 7 days and 5 USD,
 * support reply within 48 hours. Literal strings (seed page, cookies, chains) must appear as written.
 */
const REQUIRED: Record<HelpPageId, { numbers: string[]; literals?: string[] }> = {
  question: {
    numbers: ['18', '6', '12', '5', '10', '9000', '100', '20000', '8', '30', '15', '7', '48'],
    literals: ['/fairness', 'TRC20', 'ERC20', 'USDT', 'Steam', 'Valve'],
  },
  newbie: { numbers: ['18', '6', '12', '10', '1', '5', '8', '30', '15', '48'], literals: ['/fairness'] },
  tradeHelp: { numbers: ['12', '5', '15', '1', '7', '48'], literals: ['Steam Web API'] },
  retrievePc: { numbers: ['12', '5', '15'], literals: ['steamcommunity.com'] },
  retrieveMobile: { numbers: ['12', '5', '15', '7'] },
  tradeLink: {
    numbers: [],
    literals: [
      'https://steamcommunity.com/tradeoffer/new/?partner=',
      'token=',
      'https://steamcommunity.com/my/tradeoffers/privacy',
    ],
  },
  AntiMoneyLaundering: {
    numbers: ['100', '20000', '7.6', '1', '101', '760', '5', '18'],
    literals: ['TRC20', 'ERC20', 'TXID'],
  },
  bindCourse: { numbers: ['18', '1', '48'], literals: ['/fairness', 'Valve'] },
  condition: {
    numbers: ['18', '6', '12', '5', '10', '9000', '100', '20000', '1', '8', '30', '48'],
    literals: ['/fairness'],
  },
  privacyPolicy: {
    numbers: ['18', '5', '30', '180', '48'],
    literals: ['Authorization', 'user_id', 'loginFlag', 'Steam ID', 'HTTPS'],
  },
  AboutUs: { numbers: ['1', '5', '10', '18', '48'], literals: ['/fairness', 'Valve'] },
};

function sectionTexts(section: HelpSection): string[] {
  return [
    section.heading,
    ...(section.paragraphs ?? []),
    ...(section.steps ?? []),
    ...(section.faq ?? []).flatMap(({ q, a }) => [q, a]),
  ];
}

function docTexts(doc: HelpDoc): string[] {
  return [doc.title, ...(doc.intro === undefined ? [] : [doc.intro]), ...doc.sections.flatMap(sectionTexts)];
}

/** Stand-alone numbers ("8", "7.6", "20000"); digits glued to letters (CS2, TRC20) are not counted. */
function numbersIn(texts: string[]): Set<string> {
  return new Set(texts.join('\n').match(/(?<![\w.])\d+(?:\.\d+)?(?!\w)/g) ?? []);
}

function shape(section: HelpSection): [number, number, number] {
  return [section.paragraphs?.length ?? 0, section.steps?.length ?? 0, section.faq?.length ?? 0];
}

describe('help content', () => {
  it.each(LANGUAGES)('%s has every page and nothing else', (_, content) => {
    expect(Object.keys(content).sort()).toEqual([...PAGE_IDS].sort());
  });

  describe.each(LANGUAGES)('%s', (_, content) => {
    it.each(PAGE_IDS)('%s has a title, an ISO date and several non-empty sections', (id) => {
      const doc = content[id];
      expect(doc.title.trim()).not.toBe('');
      expect(doc.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (doc.intro !== undefined) expect(doc.intro.trim()).not.toBe('');
      expect(doc.sections.length).toBeGreaterThanOrEqual(3);
      for (const section of doc.sections) {
        expect(section.heading.trim()).not.toBe('');
        const [paragraphs, steps, faq] = shape(section);
        expect(paragraphs + steps + faq, `${id} / ${section.heading} is empty`).toBeGreaterThan(0);
        for (const text of sectionTexts(section)) expect(text.trim(), `${id} / ${section.heading}`).not.toBe('');
      }
    });

    it.each(PAGE_IDS)('%s states its key figures', (id) => {
      const texts = docTexts(content[id]);
      const numbers = numbersIn(texts);
      const joined = texts.join('\n');
      for (const n of REQUIRED[id].numbers) expect(numbers, `${id} should mention ${n}`).toContain(n);
      for (const literal of REQUIRED[id].literals ?? []) expect(joined, `${id}`).toContain(literal);
    });

    it('has no placeholder text or markup', () => {
      const all = PAGE_IDS.flatMap((id) => docTexts(content[id])).join('\n');
      expect(all).not.toMatch(/lorem|ipsum|\bTODO\b|\bTBD\b|FIXME|XXX/i);
      expect(all).not.toMatch(/<\/?[a-z][^>]*>/i);
    });
  });

  it.each(PAGE_IDS)('%s has the same structure, date and figures in every language', (id) => {
    const [[, reference], ...others] = LANGUAGES as [[string, HelpContent], ...[string, HelpContent][]];
    const base = reference[id];
    for (const [lang, content] of others) {
      const doc = content[id];
      expect(doc.updated, `${lang} ${id} date`).toBe(base.updated);
      expect(doc.intro === undefined, `${lang} ${id} intro`).toBe(base.intro === undefined);
      expect(doc.sections.length, `${lang} ${id} section count`).toBe(base.sections.length);
      expect(doc.sections.map(shape), `${lang} ${id} section shapes`).toEqual(base.sections.map(shape));
      expect([...numbersIn(docTexts(doc))].sort(), `${lang} ${id} figures`).toEqual(
        [...numbersIn(docTexts(base))].sort(),
      );
    }
  });

  it('keeps the decided figures consistent with each other', () => {
    const faq = docTexts(helpZhCN.question).join('\n');
    expect(faq).toMatch(/8 小时/);
    expect(faq).toMatch(/30 天/);
    const trade = docTexts(helpEnUS.tradeHelp).join('\n');
    expect(trade).toMatch(/12 hours/);
    expect(trade).toMatch(/5 minutes/);
    const usdt = docTexts(helpEnUS.AntiMoneyLaundering).join('\n');
    expect(usdt).toMatch(/100–20000 CNY/);
    expect(usdt).toMatch(/about 7\.6 CNY per USDT/);
    const wechat = docTexts(helpEnUS.question).join('\n');
    expect(wechat).toMatch(/9000 CNY/);
    expect(wechat).toMatch(/6–12 characters/);
  });

  it('writes zh-TW in Traditional characters and Taiwan wording', () => {
    const all = PAGE_IDS.flatMap((id) => docTexts(helpZhTW[id])).join('\n');
    expect(all).not.toMatch(
      /[这为们个时说对会发开关号码账户页务达过还让饰币额请认证设单网链钱应确选择与从线络处现间无经产资条]/,
    );
    for (const word of ['充值', '登錄', '信息', '默認', '鏈接', '網絡', '服務器', '視頻', '軟件', '短信', '提現']) {
      expect(all, word).not.toContain(word);
    }
  });

  it('writes zh-CN in Simplified characters', () => {
    const all = PAGE_IDS.flatMap((id) => docTexts(helpZhCN[id])).join('\n');
    expect(all).not.toMatch(
      /[這為們個時說對會發開關號碼帳賬戶頁務達過還讓飾幣額請認證設單網鏈錢應確選擇與從線絡處現間無經產資條]/,
    );
  });

  it('writes en-US without Chinese, apart from the brand name', () => {
    const all = PAGE_IDS.flatMap((id) => docTexts(helpEnUS[id])).join('\n');
    expect(all.replaceAll('开箱', '')).not.toMatch(/[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/);
  });
});
