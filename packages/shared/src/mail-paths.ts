/**
 * Where the mail API lives (paths relative to /api) and its socket push. Apart from the schemas
 * in mail.ts: the web's first load (the header's mail dot) imports these without zod.
 */
export const MAIL_PATHS = {
  /** GET → {new_mail_count}: the header dot. */
  newMailCount: '/usercenter/v1/user/get-new-mail-count',
  /** GET ?page&page_size → {list, total, new_mail_count}: newest first. */
  mails: '/usercenter/v1/user/get-mails',
  /** POST {id} → {new_mail_count}. Marking a read mail again is harmless. */
  markRead: '/usercenter/v1/user/mark-read-mail',
  /** POST {id} → receiveResponse. Pays the attachment once; a repeat answers already_received. */
  receive: '/usercenter/v1/user/receive-mail-appendix',
  /** POST {} → receiveResponse summed over every mail with an unreceived attachment. */
  receiveAll: '/usercenter/v1/user/receive-all-mail-appendix',
  /** POST {key} → {mail_id}; msg is REDEEM_SUCCESS_MESSAGE in the request's language. */
  redeem: '/site/v1/get-token-receiving-item',
} as const;

/** Socket event on room user:{id} when a mail arrives. */
export const NEW_MAIL_EVENT = 'new_mail';

export interface NewMailPush {
  new_mail_count: number;
}
