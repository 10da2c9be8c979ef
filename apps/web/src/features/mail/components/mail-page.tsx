import type { Mail, ReceiveResponse } from '@kaixiang/shared/mail';
import { formatUnits } from '@kaixiang/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconMail } from '../../../components/icons.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { MAIL_PAGE_SIZE, useMails } from '../api/get-mails.ts';
import { useMarkRead, useReceiveAll, useReceiveMail } from '../api/mail-actions.ts';
import { MailRow } from './mail-row.tsx';
import { RedeemDialog } from './redeem-dialog.tsx';
import './mail.css';

/** /personalCenter/mail (spec 1 §2): mails with paging, unread markers, attachments to collect. */
export function MailPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [redeemOpen, setRedeemOpen] = useState(false);
  const mails = useMails(page);
  const markRead = useMarkRead();
  const receive = useReceiveMail();
  const receiveAll = useReceiveAll();
  const list = mails.data?.list ?? [];

  function received(res: ReceiveResponse, nothingKey: string) {
    if (res.already_received) toast.warning(t(nothingKey));
    else if (res.coins > 0) toast.success(t('mail.receivedCoins', { amount: formatUnits(res.coins) }));
    else toast.success(t('mail.receiveSuccess'));
  }

  function toggle(mail: Mail) {
    const opening = openId !== mail.id;
    setOpenId(opening ? mail.id : null);
    if (opening && mail.read_at === null) markRead.mutate(mail.id);
  }

  return (
    <div className="page personal-center mail-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconMail size={26} />
        </span>
        <div>
          <h1>{t('mail.title')}</h1>
          <p>{t('mail.subtitle')}</p>
        </div>
        <div className="mail-page__actions">
          <button type="button" className="button button--ghost" onClick={() => setRedeemOpen(true)}>
            {t('mail.redeem.open')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={receiveAll.isPending}
            onClick={() => receiveAll.mutate(undefined, { onSuccess: (res) => received(res, 'mail.nothingToReceive') })}
          >
            {t('mail.receiveAll')}
          </button>
        </div>
      </header>
      <div className="panel">
        {mails.isPending ? (
          <div className="center-block">
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          <EmptyState title={t(mails.isError ? 'mail.failed' : 'mail.empty')} hint={t('mail.emptyHint')} />
        ) : (
          <div className="mail-list" aria-busy={mails.isFetching}>
            {list.map((mail) => (
              <MailRow
                key={mail.id}
                mail={mail}
                open={openId === mail.id}
                onToggle={() => toggle(mail)}
                receiving={receive.isPending && receive.variables === mail.id}
                onReceive={() => receive.mutate(mail.id, { onSuccess: (res) => received(res, 'mail.alreadyReceived') })}
              />
            ))}
          </div>
        )}
        <Pager page={page} pageSize={MAIL_PAGE_SIZE} total={mails.data?.total ?? 0} onPage={setPage} />
      </div>
      <RedeemDialog open={redeemOpen} onClose={() => setRedeemOpen(false)} />
    </div>
  );
}
