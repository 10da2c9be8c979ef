import { CLIENT_SEED_PATTERN } from '@kaixiang/shared/boxes';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { openLoginDialog } from '../../../lib/events.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useSeed } from '../api/get-seed.ts';
import { useRotateSeed, useSetClientSeed } from '../api/seed-actions.ts';
import { randomClientSeed } from '../verify.ts';

/** The active pair (server seed as its hash), the client-seed editor, rotation and the revealed pair. */
export function SeedPanel() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const seed = useSeed();
  const setClientSeed = useSetClientSeed();
  const rotate = useRotateSeed();
  const inputId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState(false);
  const active = seed.data?.active;
  const previous = seed.data?.previous ?? null;

  // The editor starts from the current client seed, and follows it after a save or rotation.
  useEffect(() => {
    if (active) setDraft(active.client_seed);
  }, [active]);

  if (!loggedIn) {
    return (
      <section className="panel seed-panel" aria-labelledby="seed-panel-title">
        <h2 id="seed-panel-title">{t('fairness.seed.title')}</h2>
        <p className="seed-panel__muted">{t('fairness.seed.loginPrompt')}</p>
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          {t('fairness.seed.login')}
        </button>
      </section>
    );
  }
  if (!active) {
    return (
      <section className="panel seed-panel center-block" aria-busy={seed.isPending}>
        {seed.isPending && <Spinner />}
      </section>
    );
  }

  const valid = CLIENT_SEED_PATTERN.test(draft);
  const changed = draft !== active.client_seed;

  async function save() {
    if (!valid) return;
    try {
      await setClientSeed.mutateAsync(draft);
    } catch {
      return; // the API client showed why
    }
    toast.success(t('fairness.seed.saved'));
  }

  async function doRotate() {
    setConfirming(false);
    try {
      await rotate.mutateAsync();
    } catch {
      return;
    }
    toast.success(t('fairness.seed.rotated'));
  }

  return (
    <section className="panel seed-panel" aria-labelledby="seed-panel-title">
      <h2 id="seed-panel-title">{t('fairness.seed.title')}</h2>
      <dl className="seed-fields">
        <dt>{t('fairness.seed.serverHash')}</dt>
        <dd className="fair-mono" data-testid="active-server-hash">
          {active.server_seed_hash}
        </dd>
        <dt>{t('fairness.seed.clientSeed')}</dt>
        <dd className="fair-mono">{active.client_seed}</dd>
        <dt>{t('fairness.seed.nonce')}</dt>
        <dd className="fair-mono">{active.nonce}</dd>
      </dl>

      <form
        className="seed-editor"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor={inputId}>{t('fairness.seed.edit')}</label>
        <div className="seed-editor__row">
          <input
            id={inputId}
            className="fair-input fair-mono"
            value={draft}
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={!valid}
            aria-describedby={valid ? undefined : errorId}
            onChange={(e) => setDraft(e.target.value.trim())}
          />
          <button type="button" className="button button--ghost" onClick={() => setDraft(randomClientSeed())}>
            {t('fairness.seed.random')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={!valid || !changed || setClientSeed.isPending}
          >
            {t('fairness.seed.save')}
          </button>
        </div>
        {!valid && (
          <p id={errorId} className="fair-error" role="alert">
            {t('fairness.seed.invalid')}
          </p>
        )}
      </form>

      <div className="seed-rotate">
        <button
          type="button"
          className="button button--ghost"
          disabled={rotate.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('fairness.seed.rotate')}
        </button>
      </div>

      <div className="seed-previous">
        <h3>{t('fairness.seed.previous')}</h3>
        {previous ? (
          <dl className="seed-fields">
            <dt>{t('fairness.seed.previousServerSeed')}</dt>
            <dd className="fair-mono" data-testid="previous-server-seed">
              {previous.server_seed}
            </dd>
            <dt>{t('fairness.seed.serverHash')}</dt>
            <dd className="fair-mono">{previous.server_seed_hash}</dd>
            <dt>{t('fairness.seed.clientSeed')}</dt>
            <dd className="fair-mono">{previous.client_seed}</dd>
            <dt>{t('fairness.seed.previousNonce')}</dt>
            <dd className="fair-mono">{previous.nonce}</dd>
          </dl>
        ) : (
          <p className="seed-panel__muted">{t('fairness.seed.previousNone')}</p>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        text={t('fairness.seed.rotateConfirm')}
        buttonText={t('fairness.seed.rotate')}
        onConfirm={() => void doRotate()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
