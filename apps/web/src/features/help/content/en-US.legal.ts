import type { HelpContent, HelpLegalPageId } from './help-content.types.ts';

/** English (US): terms, privacy and about us. */
export const helpEnUSLegal: Pick<HelpContent, HelpLegalPageId> = {
  bindCourse: {
    title: 'Terms of Use',
    updated: '2026-11-21',
    intro:
      'Welcome to Kaixiang ("the site", "we"). By visiting or using the site you confirm that you have read, understood and agreed to these Terms of Use. If you do not agree, please stop using the site.',
    sections: [
      {
        heading: 'Scope',
        paragraphs: [
          'These terms apply to the desktop and mobile versions of the site and to every service we offer, including boxes, battles, upgrades, roll rooms, the mall and events.',
          'Together with the User Agreement and the Privacy Terms, these terms form the agreement between you and us. Where they differ, the User Agreement prevails on matters of accounts, recharges and items.',
        ],
      },
      {
        heading: 'Eligibility',
        paragraphs: [
          'The site is only for adults aged 18 or older with full legal capacity. You confirm that you are 18 or older when you log in, register and recharge.',
          'Do not use the site if services like ours are prohibited where you live. We may ask you to complete ID verification to confirm your age and identity.',
        ],
      },
      {
        heading: 'Unofficial site',
        paragraphs: [
          'Kaixiang is an independently operated, unofficial site. It is not affiliated with, endorsed by or licensed by Valve Corporation, Steam or Counter-Strike 2.',
          'Game names, item names, images and related trademarks belong to their respective owners. Steam trading rules are set by Valve and we cannot change them.',
        ],
      },
      {
        heading: 'Odds and fairness',
        paragraphs: [
          'All odds on the site are genuine. Every box shows its return-to-player (RTP) and the drop probability of each item, and results follow those published odds exactly.',
          'Results are provably fair: the hash of the server seed is shown before you play, you can edit your client seed, the server seed is revealed when the seeds rotate, and any roll can be verified on the /fairness page.',
        ],
      },
      {
        heading: 'Balance and virtual items',
        paragraphs: [
          'Your balance (coins) and mall quota are virtual credits for use on the site only and have no cash value. Mall quota can be exchanged into coins at 1:1.',
          'Recharges are not refundable and your balance cannot be withdrawn as cash. Items you win can be sold back for balance, recycled, or retrieved to your Steam account.',
        ],
      },
      {
        heading: 'Prohibited conduct',
        paragraphs: [
          'Do not lend, rent, sell, transfer or share your account, and do not register or control multiple accounts to farm rewards.',
          'Do not use scripts, cheats or automation tools, or exploit bugs for unfair gain. If you find a bug, please report it to support.',
          "Do not commit fraud, pay with someone else's or stolen payment methods, or file abusive chargebacks, and do not use the site to launder or move money.",
          'Do not resell items or accounts from the site for profit, and do not post illegal, abusive or advertising content in nicknames, avatars or chat.',
        ],
      },
      {
        heading: 'Enforcement',
        paragraphs: [
          'Depending on the seriousness of a breach, we may issue a warning, restrict features, freeze balance and items, or ban the account, and we may reclaim rewards obtained through the breach.',
          'If a recharge is charged back or reversed, retrievals on the account are paused and we reserve the right to recover the amount.',
        ],
      },
      {
        heading: 'Play responsibly',
        paragraphs: [
          'Box results are random. Treat them as entertainment, not as an investment or a way to make money. Before recharging you confirm that you will not resell items from the site, that you will play responsibly, and that you only spend what you can afford and accept the consequences of your spending.',
          'If you feel you are losing control of your spending, stop using the site. You can delete your account in your account settings, or ask support to help.',
        ],
      },
      {
        heading: 'Changes to the service and disclaimer',
        paragraphs: [
          'We may suspend parts of the service for maintenance, upgrades or force majeure, and will announce this in advance where we can. We are not responsible for retrieval delays caused by Steam outages or Steam restrictions.',
          'We may update these terms as the service evolves. Updated terms are published on this page with a new date, and continuing to use the site means you accept them.',
        ],
      },
      {
        heading: 'Contact us',
        paragraphs: [
          'If you have any questions about these terms, contact us through live support on the right side of the site or in our official group. We reply within 48 hours.',
        ],
      },
    ],
  },

  condition: {
    title: 'User Agreement',
    updated: '2026-11-21',
    intro:
      'This agreement between you and Kaixiang ("the site", "we") covers registering and using an account and our related services. By ticking the agreement box or registering, you confirm that you have read and accept all of its terms. Please pay particular attention to the terms on refunds, balance, item retention and account bans.',
    sections: [
      {
        heading: 'Entering into this agreement',
        paragraphs: [
          'You confirm that you are 18 or older and have full legal capacity. We ask you to confirm this again when you log in, register and recharge.',
          'People under 18 may not register or use the site. Accounts found to belong to a minor will be closed.',
        ],
      },
      {
        heading: 'Registration and account security',
        paragraphs: [
          'You can register and log in with a phone number, an e-mail address or a Steam account. Passwords are 6–12 characters long. Keep yours safe and never share it.',
          'Your account is for you alone; lending, renting, selling, transferring or sharing it is forbidden. Everything done through your account is treated as done by you.',
          'We may ask you to complete ID verification. One ID card can be linked to at most 5 accounts, and documents of people under 18 are rejected.',
          'You can request deletion of your account in your account settings. Deal with your balance and items first: a deleted account cannot be restored.',
        ],
      },
      {
        heading: 'Recharges and balance',
        paragraphs: [
          'The minimum recharge is 10 CNY per order. Payments normally arrive within 5–10 minutes, and USDT usually within 5 minutes. WeChat Pay has a daily limit of 9000 CNY; use Alipay for anything above that.',
          'USDT orders are 100–20000 CNY (whole numbers). The live rate and the quantity shown in the payment window apply, and the full quantity must be paid on the chosen chain before the order expires.',
          'Recharges are not refundable and your balance cannot be withdrawn as cash. Mall quota can be exchanged into coins at 1:1.',
          'If a recharge is unpaid, reversed or charged back, we may deduct the corresponding balance and pause retrievals on the account.',
        ],
      },
      {
        heading: 'Boxes and odds',
        paragraphs: [
          'You can open 1, 5 or 10 boxes at a time. Every box shows its return-to-player (RTP) and the drop probability of each item, and all odds are genuine.',
          'Results are produced by a provably fair system and can be verified on the /fairness page. A result is final once produced; if a system fault causes an obvious error, we may correct it and will let you know.',
        ],
      },
      {
        heading: 'Items and inventory',
        paragraphs: [
          'Items you win are kept in your inventory. You can sell them for balance at their listed price, recycle them, or retrieve them to your Steam account.',
          'Retention: if you have never recharged, items are kept for 8 hours; once you have recharged, they are kept for 30 days. After that they are automatically sold at their listed price and the amount is added to your balance, so nothing is lost.',
        ],
      },
      {
        heading: 'Retrieving items',
        paragraphs: [
          'To retrieve an item, our bot sends a Steam trade offer to the trade link you bound. Accept it within 12 hours, or the offer is cancelled and the item returns to your inventory. After declining an offer you can retry in 5 minutes.',
          "Retrievals must meet Steam's trading conditions. You are responsible for failures or delays caused by trade restrictions, a private inventory or a wrong or outdated trade link, and for any loss caused by binding someone else's link.",
        ],
      },
      {
        heading: 'Account restrictions and bans',
        paragraphs: [
          'If you abuse the platform, commit fraud, file chargebacks, run multiple accounts, share your account or otherwise breach the Terms of Use, we may restrict features, freeze balance and items, or ban the account.',
          'If you disagree with a decision, you can appeal through support and we will respond once we have reviewed it.',
        ],
      },
      {
        heading: 'Limitation of liability',
        paragraphs: [
          'Kaixiang is an unofficial site with no connection to Valve or Steam. We are not liable for Steam outages, changes to Steam rules or restrictions Steam places on your account, but we will do our best to help.',
          'For delays caused by force majeure, network failures or third-party payment providers, we will restore service as quickly as possible and help you with the affected orders.',
        ],
      },
      {
        heading: 'Changes and termination',
        paragraphs: [
          'We may amend this agreement. Amendments are published on this page with a new date, and major changes are also announced. Continuing to use the site means you accept the amended agreement.',
          'This agreement ends when you delete your account or when we ban it under this agreement. Rights and obligations that arose before then are not affected.',
        ],
      },
      {
        heading: 'Disputes and contact',
        paragraphs: [
          'Both sides will first try to settle any dispute under this agreement amicably. Contact us through live support on the right side of the site; we reply within 48 hours.',
        ],
      },
    ],
  },

  privacyPolicy: {
    title: 'Privacy Terms',
    updated: '2026-11-21',
    intro:
      'We take your privacy seriously. These terms explain what information Kaixiang collects, why, how we use and keep it, and the rights you have.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Account information: your phone number or e-mail address, nickname, avatar and a hashed version of your password. Your password is hashed on your device before it is sent, and we never store it in plain text.',
          'Steam information: when you log in with Steam or bind a trade link, we store your Steam ID and trade link. We never receive your Steam password.',
          'ID verification data: the real name and document number you submit, used to confirm that you are 18 or older and to enforce the rule that one ID card can be linked to at most 5 accounts.',
          'Device and network data: IP address, device and browser details and login times, used to keep accounts secure and to prevent fraud and multiple accounts.',
          'Transaction records: recharge orders (order number, amount, payment method, time and status) and records of box openings, sales, recycling and retrievals. Bank card numbers and payment account passwords are handled by the payment providers and never reach us; for USDT recharges we record the deposit address and the transaction hash.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'To provide and run the service: logging in, crediting recharges, opening boxes, managing your inventory and sending items through Steam trade offers.',
          'To verify age and identity, prevent fraud, chargebacks, account theft and multiple accounts, and deal with rule breaches.',
          'To handle your questions and appeals, send site mail and important announcements, and meet our legal obligations.',
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          'We use these cookies to keep you logged in: Authorization (your login token), user_id (your user ID) and loginFlag (a logged-in marker). During a Steam login we briefly store your Steam ID in a cookie and delete it once the login completes.',
          "Preferences such as language and whether music and sound effects are on are kept in your browser's local storage or session storage.",
          'If you disable cookies you cannot stay logged in. The live support widget is provided by a third party and may use its own cookies.',
        ],
      },
      {
        heading: 'Sharing',
        paragraphs: [
          'We do not sell or rent your personal information.',
          'We share only what is needed, and only with: payment providers, to process your payments; Steam, through the trade offers that deliver your items; our live support provider, for the messages you send to support; and the authorities, where the law requires it.',
        ],
      },
      {
        heading: 'Retention',
        paragraphs: [
          'Account information is kept for as long as your account exists. After you delete your account, we delete or anonymize your personal information within 30 days, except where the law requires us to keep it.',
          'Recharge and transaction records are kept for the period the law requires, to handle disputes, reconcile payments and carry out anti-money-laundering checks. Login and device logs are kept for up to 180 days, unless they are needed for an ongoing fraud or chargeback investigation.',
        ],
      },
      {
        heading: 'Security',
        paragraphs: [
          'We use HTTPS encryption in transit, hash passwords, and restrict internal access with role-based permissions on a least-privilege basis.',
          'No system can be perfectly secure. If a security incident could affect you, we will tell you promptly through site mail or an announcement.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can view and change your nickname, avatar, trade link and password in your personal center, and you can request deletion of your account.',
          'To obtain, correct or delete your personal information, contact support. We reply within 48 hours and act on the request once we have verified your identity.',
        ],
      },
      {
        heading: 'Minors',
        paragraphs: [
          'The site is not for anyone under 18. If we find that we have collected information from a minor, we will close the account and delete that information.',
        ],
      },
      {
        heading: 'Updates and contact',
        paragraphs: [
          'When these terms change, we publish the new version on this page with a new date and announce major changes separately.',
          'For any privacy question, contact us through live support on the right side of the site or in our official group.',
        ],
      },
    ],
  },

  AboutUs: {
    title: 'About us',
    updated: '2026-11-21',
    intro: 'Kaixiang (开箱, "unboxing") is a Chinese-language CS2 skin case-opening platform for adult players.',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          'We are a team focused on CS2 skin entertainment. Our goal is a Chinese-language case-opening site with transparent odds, smooth retrievals and support you can rely on.',
          'The site is available in Simplified Chinese, Traditional Chinese and English.',
        ],
      },
      {
        heading: 'What we offer',
        paragraphs: [
          'Boxes: open 1, 5 or 10 boxes at a time, then sell, recycle or retrieve your items to Steam.',
          'More ways to play: box battles, item upgrades, roll rooms, VIP levels, daily sign-in, the points shop and the mall, plus regular events.',
        ],
      },
      {
        heading: 'Our commitments',
        paragraphs: [
          'Real odds: every box shows its return-to-player and the drop probability of each item, and results are provably fair and can be verified on the /fairness page.',
          'Real items: our bots deliver items to your Steam account through Steam trade offers. Items past their retention period are automatically sold for balance at their listed price, never lost.',
          'Responsive support: we reply to your questions within 48 hours.',
        ],
      },
      {
        heading: 'Play responsibly',
        paragraphs: [
          'The site is only for adults aged 18 or older; you confirm your age when you log in, register and recharge.',
          'Recharges are not refundable and your balance cannot be withdrawn. Treat case opening as entertainment and only spend what you can afford.',
        ],
      },
      {
        heading: 'Unofficial site',
        paragraphs: [
          'Kaixiang is an unofficial site and is not affiliated with or endorsed by Valve Corporation, Steam or Counter-Strike 2.',
        ],
      },
      {
        heading: 'Contact us',
        paragraphs: [
          'For questions or partnership inquiries, contact us through live support on the right side of the site or in our official group. We reply within 48 hours.',
        ],
      },
    ],
  },
};
