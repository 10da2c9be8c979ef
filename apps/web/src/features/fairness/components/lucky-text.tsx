import { useTranslation } from 'react-i18next';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { verifierTexts } from '../verifier-texts.ts';

/**
 * A text of the lucky player's roll (`fairness.lucky.*`): it lives in the page's own texts, not
 * the shell's first load, so it shows once they are in.
 */
export function LuckyText({ textKey, roll }: { textKey: 'check' | 'roll' | 'won'; roll?: number }) {
  return (
    <FeatureTextsGate texts={verifierTexts} fallback={null}>
      <Text textKey={textKey} roll={roll} />
    </FeatureTextsGate>
  );
}

function Text({ textKey, roll }: { textKey: string; roll?: number | undefined }) {
  const { t } = useTranslation();
  return <>{t(`fairness.lucky.${textKey}`, { roll })}</>;
}
