import type { Mail } from '@kaixiang/shared/mail';
import { useTranslation } from 'react-i18next';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';

/** One mail: a header line that opens it, and when open its text and attachment. */
export function MailRow({
  mail,
  open,
  onToggle,
  onReceive,
  receiving,
}: {
  mail: Mail;
  open: boolean;
  onToggle: () => void;
  onReceive: () => void;
  receiving: boolean;
}) {
  const { t, i18n } = useTranslation();
  const unread = mail.read_at === null;
  const received = mail.received_at !== null;
  const bodyId = `mail-body-${mail.id}`;
  return (
    <article className={`mail-row ${unread ? 'is-unread' : ''} ${open ? 'is-open' : ''}`} data-testid="mail-row">
      <div className="mail-row__line">
        <button type="button" className="mail-row__head" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          {unread ? (
            <span className="mail-row__dot" role="img" aria-label={t('mail.unread')} />
          ) : (
            <span className="mail-row__dot mail-row__dot--read" aria-hidden="true" />
          )}
          <span className="mail-row__title">{mail.title}</span>
          <time className="mail-row__time" dateTime={new Date(mail.created_at).toISOString()}>
            {new Date(mail.created_at).toLocaleString(i18n.language, { hour12: false })}
          </time>
        </button>
        {mail.has_appendix &&
          (received ? (
            <span className="mail-row__state">{t('mail.received')}</span>
          ) : (
            <button
              type="button"
              className="button button--primary button--sm"
              disabled={receiving}
              onClick={onReceive}
            >
              {t('mail.receive')}
            </button>
          ))}
      </div>
      {open && (
        <div className="mail-row__body" id={bodyId}>
          <p className="mail-row__content">{mail.content}</p>
          {mail.has_appendix && (
            <div className="mail-row__appendix">
              <span className="mail-row__appendix-label">{t('mail.appendix')}</span>
              {mail.coins > 0 && (
                <span className="mail-attachment">
                  {t('mail.coins')}
                  <Price units={mail.coins} />
                </span>
              )}
              {mail.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a mail's items never change order and may repeat an item
                <span key={`${item.item_id}-${i}`} className="mail-attachment">
                  <ItemImage src={item.img} alt={item.name} itemId={item.item_id} className="mail-attachment__img" />
                  <span>{item.name}</span>
                  <Price units={item.price} />
                </span>
              ))}
              {mail.coupons.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a mail may give the same coupon twice
                <span key={`c${c.coupon_id}-${i}`} className="mail-attachment mail-attachment--coupon">
                  {t('mail.coupon')}
                  <span>{c.name}</span>
                </span>
              ))}
              {mail.bags.map((b, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a mail may give several bags of one campaign
                <span key={`b${b.campaign_id}-${i}`} className="mail-attachment mail-attachment--coupon">
                  {t('mail.bag')}
                  <span>{b.name}</span>
                </span>
              ))}
            </div>
          )}
        </div>
      )}
    </article>
  );
}
