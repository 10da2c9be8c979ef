import type { AdminChannel } from '@kaixiang/shared/admin-payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { ReasonDialog } from '../boxes/reason-dialog.tsx';
import { QueryFallback } from '../query-fallback.tsx';
import { useChannels, useSetChannel } from './payments-api.ts';
import { PaymentsHead } from './payments-tabs.tsx';

function SwitchDialog({
  channel,
  onClose,
  onDone,
}: {
  channel: AdminChannel;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const mutation = useSetChannel();
  const name = t(`adminPayments.mode.${channel.pay_mode}`);
  const on = !channel.enabled;
  return (
    <ReasonDialog
      title={t(on ? 'adminPayments.channels.onTitle' : 'adminPayments.channels.offTitle', { name })}
      hint={t(on ? 'adminPayments.channels.onHint' : 'adminPayments.channels.offHint', { name })}
      submitText={t(on ? 'adminPayments.channels.onConfirm' : 'adminPayments.channels.offConfirm')}
      busy={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={(reason) =>
        mutation.mutate(
          { pay_mode: channel.pay_mode, enabled: on, reason },
          {
            onSuccess: () =>
              onDone(t(on ? 'adminPayments.channels.onDone' : 'adminPayments.channels.offDone', { name })),
          },
        )
      }
    />
  );
}

/** The pay channels with their switches; a channel no adapter serves is said so (players do not see it). */
export function ChannelsPage() {
  const { t } = useTranslation();
  const channels = useChannels();
  const [changing, setChanging] = useState<AdminChannel | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = channels.data?.list ?? [];
  return (
    <section className="adm-screen" aria-labelledby="adm-payments-title">
      <PaymentsHead sub={t('adminPayments.channels.sub')} />
      {done && (
        <p className="adm-notice adm-notice--ok" role="status">
          {done}
        </p>
      )}
      <div className="adm-card">
        {channels.data ? (
          list.length > 0 ? (
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">{t('adminPayments.channels.col.channel')}</th>
                  <th scope="col">{t('adminPayments.channels.col.provider')}</th>
                  <th scope="col">{t('adminPayments.channels.col.sort')}</th>
                  <th scope="col">{t('adminPayments.channels.col.enabled')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => {
                  const name = t(`adminPayments.mode.${c.pay_mode}`);
                  return (
                    <tr key={c.pay_mode} className="adm-table__row">
                      <td>{name}</td>
                      <td>
                        {c.provider ?? (
                          <span className="adm-tag adm-tag--warn">{t('adminPayments.channels.noProvider')}</span>
                        )}
                      </td>
                      <td className="adm-table__mono">{c.sort_id}</td>
                      <td>
                        <label className="adm-pay-switch">
                          <input
                            type="checkbox"
                            role="switch"
                            checked={c.enabled}
                            aria-checked={c.enabled}
                            aria-label={t('adminPayments.channels.switch', { name })}
                            onChange={() => {
                              setDone(null);
                              setChanging(c);
                            }}
                          />
                          <span>{c.enabled ? t('adminPayments.channels.on') : t('adminPayments.channels.off')}</span>
                        </label>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : (
            <EmptyState compact title={t('adminPayments.channels.empty')} />
          )
        ) : (
          <QueryFallback query={channels} failedTitle={t('adminPayments.channels.loadFailed')} />
        )}
      </div>
      {changing && (
        <SwitchDialog
          key={changing.pay_mode}
          channel={changing}
          onClose={() => setChanging(null)}
          onDone={(text) => {
            setChanging(null);
            setDone(text);
          }}
        />
      )}
    </section>
  );
}
