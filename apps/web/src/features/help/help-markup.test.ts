import { helpBodyText, parseHelpBody } from '@kaixiang/shared/admin-content';
import { describe, expect, it } from 'vitest';
import { helpEnUS } from './content/en-US.ts';
import { helpZhCN } from './content/zh-CN.ts';
import { helpZhTW } from './content/zh-TW.ts';

/**
 * The console starts an edit from a page's static text written as help markup; saved unchanged,
 * the page must read back exactly as it was (headings, paragraphs, steps and questions).
 */
describe('the help markup', () => {
  for (const [lang, content] of Object.entries({ 'zh-CN': helpZhCN, 'zh-TW': helpZhTW, 'en-US': helpEnUS })) {
    it(`gives back every static ${lang} page it writes`, () => {
      for (const [id, doc] of Object.entries(content)) {
        const { title: _title, updated: _updated, ...body } = doc;
        expect(parseHelpBody(helpBodyText(doc)), id).toEqual(body);
      }
    });
  }

  it('reads what an operator types: an intro, sections, steps, questions; stray text stays text', () => {
    const text =
      'Hello.\r\n\r\n## One\nFirst line\nsecond line\n\n1. a\n2. b\n\nQ: why?\nA: because\nso.\n## Two\n<p>x</p>';
    expect(parseHelpBody(text)).toEqual({
      intro: 'Hello.',
      sections: [
        {
          heading: 'One',
          paragraphs: ['First line\nsecond line'],
          steps: ['a', 'b'],
          faq: [{ q: 'why?', a: 'because\nso.' }],
        },
        { heading: 'Two', paragraphs: ['<p>x</p>'] },
      ],
    });
    expect(parseHelpBody('')).toEqual({ sections: [] });
  });
});
