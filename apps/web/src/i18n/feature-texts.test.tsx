import { act, fireEvent, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { FeatureTextsGate, loadFeatureTexts } from './feature-texts.tsx';
import { i18n } from './index.ts';

const texts = (word: string) => async () => ({ default: { probeFeature: { word } } });

function Probe() {
  const { t } = useTranslation();
  // A shell text next to the feature's: adding the feature's must not hide the shell's.
  return (
    <p>
      {t('probeFeature.word')} / {t('common.confirm')}
    </p>
  );
}

describe('feature texts kept out of the first load', () => {
  it('renders once the current language’s texts are in, and follows a language change', async () => {
    const loaders = { 'zh-CN': vi.fn(texts('你好')), 'zh-TW': vi.fn(texts('妳好')), 'en-US': vi.fn(texts('Hello')) };
    const feature = loadFeatureTexts(loaders);
    expect(i18n.exists('probeFeature.word')).toBe(false);
    render(
      <FeatureTextsGate texts={feature} fallback={<span>loading</span>}>
        <Probe />
      </FeatureTextsGate>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('你好 / 确定')).toBeTruthy();
    const shown = screen.getByText('你好 / 确定');
    await act(() => i18n.changeLanguage('en-US'));
    // The shell's English arrived first (i18next announces a language once loaded), then the
    // feature's; the children stayed mounted meanwhile (the same element, re-rendered).
    expect(await screen.findByText('Hello / OK')).toBe(shown);
    expect(loaders['zh-TW']).not.toHaveBeenCalled();
    expect(loaders['en-US']).toHaveBeenCalledTimes(1);
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(await screen.findByText('你好 / 确定')).toBeTruthy();
    expect(loaders['zh-CN']).toHaveBeenCalledTimes(1);
  });

  it('shows a language’s texts that arrive after the page has re-rendered in that language', async () => {
    let arrive: () => void = () => {};
    const late = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    // Texts of their own: i18next keeps the other tests' bundles.
    const feature = loadFeatureTexts({
      'zh-CN': async () => ({ default: { probeLate: { word: '早' } } }),
      'zh-TW': async () => ({ default: { probeLate: { word: 'x' } } }),
      'en-US': async () => {
        await late; // a slow chunk: the language change renders first
        return { default: { probeLate: { word: 'Morning' } } };
      },
    });
    function LateProbe() {
      const { t } = useTranslation();
      return (
        <p>
          {t('probeLate.word')} / {t('common.confirm')}
        </p>
      );
    }
    render(
      <FeatureTextsGate texts={feature}>
        <LateProbe />
      </FeatureTextsGate>,
    );
    expect(await screen.findByText('早 / 确定')).toBeTruthy();
    await act(() => i18n.changeLanguage('en-US'));
    // Meanwhile the default language's text stands in for the feature's.
    expect(screen.getByText('早 / OK')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('Morning / OK')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('says so when the texts did not arrive, and loads them when asked again', async () => {
    let attempts = 0;
    const feature = loadFeatureTexts({
      'zh-CN': async () => {
        attempts++;
        if (attempts === 1) throw new Error('offline');
        return { default: { probeFeature: { word: '又好了' } } };
      },
      'zh-TW': texts('x'),
      'en-US': texts('x'),
    });
    render(
      <FeatureTextsGate texts={feature}>
        <Probe />
      </FeatureTextsGate>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('又好了 / 确定')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
