import type { HelpContent, HelpGuidePageId } from './help-content.types.ts';

/** English (US): FAQs and how-to guides. */
export const helpEnUSGuides: Pick<HelpContent, HelpGuidePageId> = {
  question: {
    title: 'FAQ',
    updated: '2026-11-21',
    intro:
      "Answers to the questions players ask us most. If you can't find what you need, contact us through the live support button on the right side of the site. We reply within 48 hours.",
    sections: [
      {
        heading: 'Account and registration',
        faq: [
          {
            q: 'Is Kaixiang an official Steam or CS2 site?',
            a: 'No. Kaixiang is an independently operated, unofficial site. It is not affiliated with, endorsed by or licensed by Valve Corporation, Steam or Counter-Strike 2. Game names and trademarks belong to their respective owners.',
          },
          {
            q: 'Who can use Kaixiang?',
            a: 'Only adults aged 18 or older with full legal capacity. You confirm that you are 18 or older when you log in, register and recharge. If you are under 18, please do not use the site.',
          },
          {
            q: 'How do I sign up and log in?',
            a: 'Register with your phone number and an SMS verification code (only mainland China phone numbers are supported for now), or log in with your e-mail address or your Steam account. Passwords are 6–12 characters long. Please do not reuse a password from another site.',
          },
          {
            q: 'I forgot my password. What should I do?',
            a: 'Click "Forgot password" in the login window, enter your phone number, the image captcha and the SMS code, then set a new password of 6–12 characters. You will need to log in again afterwards.',
          },
          {
            q: 'Why is ID verification required, and how many accounts can one ID card link to?',
            a: 'ID verification confirms that you are 18 or older and helps us prevent fraud and multiple accounts. We accept mainland China resident ID cards as well as documents for residents of Hong Kong, Macau and Taiwan. One ID card can be linked to at most 5 accounts, and documents of people under 18 are rejected.',
          },
          {
            q: 'Can I lend my account to someone or share it with friends?',
            a: 'No. Your account is for you alone; lending, renting, selling or sharing it is forbidden. The account holder is responsible for any loss caused by sharing, and accounts that break this rule may be banned.',
          },
        ],
      },
      {
        heading: 'Recharge and balance',
        faq: [
          {
            q: "What's the minimum recharge, and which payment methods are supported?",
            a: 'The minimum recharge is 10 CNY per order. We support Alipay, WeChat Pay, UnionPay and USDT (TRC20 and ERC20). The methods available to you are the ones shown in the recharge window.',
          },
          {
            q: 'How long does a payment take to arrive?',
            a: "Payments normally arrive within 5–10 minutes; USDT usually arrives within 5 minutes. If yours hasn't arrived after that, keep your payment receipt and contact support with your order number.",
          },
          {
            q: 'Does WeChat Pay have a limit?',
            a: 'WeChat Pay has a daily limit of 9000 CNY. Please use Alipay for anything above that.',
          },
          {
            q: 'Can I get a refund, or withdraw my balance?',
            a: 'Recharges are not refundable, and your balance cannot be withdrawn as cash. Use your balance to open boxes and play the other games on the site. Items you win can be sold back for balance, recycled, or retrieved to your Steam account. Please only spend what you can afford.',
          },
          {
            q: 'What is mall quota?',
            a: 'Mall quota is a second balance on your account, used in the mall. Click "Exchange" next to your mall quota at the top of the page to convert it into coins at a 1:1 rate.',
          },
          {
            q: 'How do I recharge with USDT?',
            a: 'See the USDT purchase tutorial. Each order is 100–20000 CNY (whole numbers only). Before the order countdown runs out, send exactly the USDT quantity shown, on the chain you chose, to the deposit address of that order.',
          },
        ],
      },
      {
        heading: 'Boxes and fairness',
        faq: [
          {
            q: 'Are the odds real?',
            a: 'Yes. Every box shows its return-to-player (RTP) and the drop probability of each item, and results are generated strictly according to those published odds. Nobody can interfere with them.',
          },
          {
            q: 'How can I check that a result was fair?',
            a: 'Kaixiang is provably fair. Before you open a box, we show the hash of the server seed. You can change your client seed at any time. When the seeds are rotated, the previous server seed is revealed. With these values you can verify any roll on the /fairness page.',
          },
          {
            q: 'How many boxes can I open at once?',
            a: "You can open 1, 5 or 10 boxes at a time. If your balance isn't enough, you'll be asked to recharge first.",
          },
        ],
      },
      {
        heading: 'Battles and the turntable',
        faq: [
          {
            q: 'How do battles work?',
            a: '2 to 4 players open the same boxes (1 to 20 per battle) at the same time; the entry fee is the sum of the box prices. In classic mode the highest total value wins every item of the battle; in crazy mode the lowest total wins; in 2v2 team mode the two teams compare their totals. A tie is decided by a public random number, never by seat order, and every player who does not win gets 1% of their entry fee as a consolation. The creator may fill seats with robots; a room nobody fills within 10 minutes is dissolved and refunded.',
          },
          {
            q: 'How does the turntable work?',
            a: 'Each round takes bets for 15 seconds, then both wheels turn. The area of the outer icon drawn, the area of the inner icon drawn, and the group of the outer icon win: light (pistol, shotgun, gloves, knife) or heavy (AWP, grenade, M4, AK47); when the outer wheel draws the C4 neither group wins. A bet is 1 to 10000 CNY, at most 50000 CNY per player and round.',
          },
          {
            q: "What are each turntable area's odds and payouts?",
            a: 'Outer wheel: pistol and grenade 24% each (×4), shotgun and M4 16% each (×6), gloves and AK47 6% each (×16), knife and AWP 2% each (×48), outer C4 4% (×24); light and heavy groups 48% each (×2). Inner ring: one-third jackpot 12% (×8), two-thirds jackpot 6% (×16), full jackpot 2% (×48), inner C4 80% (×1.2). Payouts include the stake; every area returns 96%.',
          },
          {
            q: 'Where does the turntable jackpot come from?',
            a: "1% of every round's bets goes into the jackpot. When the inner ring draws the one-third, two-thirds or full jackpot, the players who bet on that area share a third, two thirds or all of it by stake, on top of their payout; if nobody bet on it, the jackpot carries over. With the jackpot, the turntable returns 97% in the long run.",
          },
          {
            q: 'How can I check a battle or a turntable round?',
            a: "Every battle and every turntable round shows its server seed's hash before it starts (turntable seeds come from a hash chain published in advance); the result comes from that seed and a public random beacon produced only after entries or bets closed, and the seed is revealed at the end. Enter the room or round number on the /fairness page to recompute every result.",
          },
        ],
      },
      {
        heading: 'Inventory and items',
        faq: [
          {
            q: 'What can I do with the items I win?',
            a: 'Items go to your inventory (Personal center → Inventory). You can sell an item for balance at its listed price, recycle it, or retrieve it: our bot sends it to your Steam account through a Steam trade offer.',
          },
          {
            q: 'Do items stay in my inventory forever?',
            a: 'No. If you have never recharged, items are kept for 8 hours; once you have recharged, items are kept for 30 days. After that, items are automatically sold at their listed price and the amount is added to your balance, so nothing is lost.',
          },
        ],
      },
      {
        heading: 'Retrieving items',
        faq: [
          {
            q: 'What do I need before I can retrieve an item?',
            a: 'A valid Steam trade link of your own bound to your account, a public Steam inventory, a Steam account without trade restrictions, and no unpaid or reversed recharge on your account.',
          },
          {
            q: 'How long do I have to accept the trade offer?',
            a: 'When you click Retrieve, the item changes to "Retrieving" and our bot sends you a trade offer. Accept it within 12 hours, or the offer is cancelled and the item goes back to your inventory. If you decline an offer, you can try again after 5 minutes.',
          },
          {
            q: 'Why did my retrieval fail?',
            a: 'The usual causes are: a Steam trade restriction (15 days after you first enable the Steam Guard Mobile Authenticator, 7 days after a password change or an authenticator reset, and new accounts must have spent over 5 USD on Steam); a private Steam inventory; a wrong or outdated trade link; or a bot fault, in which case try again later or contact support.',
          },
          {
            q: 'Steam says my trade is on hold. What now?',
            a: "If Steam puts the trade on hold, Steam keeps the items for up to 15 days (1 day if the two accounts have been friends for over 1 year) and then releases them to your inventory automatically. This is a Steam rule and we can't release items early.",
          },
        ],
      },
      {
        heading: 'Support and account security',
        faq: [
          {
            q: 'How do I contact support?',
            a: 'Use the live support button in the floating panel on the right, or join our official group. We reply within 48 hours. Please include your user ID, order number or screenshots so we can help faster.',
          },
          {
            q: 'What can get my account banned?',
            a: 'Abusing bugs, fraud, chargebacks, running multiple accounts or sharing an account can all lead to a ban, and the related balance and items may be frozen. See the Terms of Use and the User Agreement for details.',
          },
        ],
      },
    ],
  },

  newbie: {
    title: 'Getting started FAQ',
    updated: '2026-11-21',
    intro:
      'New to Kaixiang? Follow these steps and you can go from sign-up to having an item in your Steam inventory in a few minutes.',
    sections: [
      {
        heading: 'Quick start',
        steps: [
          'Sign up: register with your phone number and an SMS code, choose a password of 6–12 characters, confirm that you are 18 or older and accept the User Agreement and the Privacy Terms. You can also log in with e-mail or Steam.',
          'Bind your Steam trade link: enter it under Basic info in your personal center. Binding it for the first time earns a one-time binding reward (the amount is shown on the page).',
          'Recharge: click "Recharge" at the top of the page and pick a payment method and an amount. The minimum is 10 CNY.',
          "Open boxes: choose a box, check its return-to-player and each item's drop probability, then open 1, 5 or 10 at a time.",
          'Decide what to do with your items: sell them for balance, recycle them, or retrieve them to Steam from your inventory.',
          'Accept the offer: after you request a retrieval, accept the trade offer from our bot in Steam within 12 hours.',
        ],
      },
      {
        heading: 'Good to know',
        paragraphs: [
          'Kaixiang is for adults aged 18 or older. Box results are random, so treat them as entertainment and only spend what you can afford.',
          'Recharges are not refundable, and your balance cannot be withdrawn as cash.',
          'Items are kept in your inventory for a limited time: 8 hours if you have never recharged, 30 days once you have recharged. After that they are automatically sold for balance at their listed price.',
        ],
      },
      {
        heading: 'Common newcomer questions',
        faq: [
          {
            q: 'Why do I need to bind a trade link first?',
            a: "Your trade link is the address our bot uses to send you Steam trade offers; without it, items can't be retrieved. Make sure the link comes from your own Steam account.",
          },
          {
            q: "What's the difference between selling and retrieving?",
            a: 'Selling instantly turns the item into balance at its listed price, so you can keep playing. Retrieving sends the item to your Steam inventory, which requires your Steam account to be able to trade.',
          },
          {
            q: 'My Steam account is brand new. Can I retrieve items?',
            a: 'Steam only lets new accounts trade once they have spent over 5 USD, and you must wait 15 days after first enabling the Steam Guard Mobile Authenticator. Set these up in Steam ahead of time.',
          },
          {
            q: "What's the difference between balance and mall quota?",
            a: 'Your balance (coins) is used for boxes and games. Mall quota is spent in the mall and can also be exchanged into coins at 1:1.',
          },
          {
            q: 'Can box results be rigged?',
            a: 'No. You see the hash of the server seed before you open, you can change your client seed yourself, the server seed is revealed when the seeds rotate, and any roll can be verified on the /fairness page.',
          },
          {
            q: 'Who do I ask if something goes wrong?',
            a: "Check the FAQ and the Trade help page first. If that doesn't solve it, contact live support on the right side of the site; we reply within 48 hours.",
          },
        ],
      },
    ],
  },

  tradeHelp: {
    title: 'Trade help',
    updated: '2026-11-21',
    intro:
      'How retrieving an item from your inventory to Steam works, the time limits involved, and what to do when a retrieval fails.',
    sections: [
      {
        heading: 'Before you retrieve',
        steps: [
          'Bind the current trade link of your own Steam account under Personal center → Basic info.',
          'Set your Steam profile and inventory privacy to "Public".',
          'Enable the Steam Guard Mobile Authenticator and make sure your account has no trade restrictions.',
          'Make sure there is no unpaid or reversed (charged-back) recharge on your account; otherwise retrievals are paused.',
        ],
      },
      {
        heading: 'How retrieval works',
        steps: [
          'Go to Personal center → Inventory, select the item and click "Retrieve".',
          'The item changes to "Retrieving" and our bot sends a trade offer to your bound trade link.',
          'Open the offer in Steam and check the item. Make sure you only receive items and give nothing, then accept and confirm it in the Steam Guard Mobile Authenticator.',
          'Once the trade completes, the item shows as "Retrieved" and appears in your Steam inventory.',
        ],
      },
      {
        heading: 'Time limits',
        paragraphs: [
          'Accept the trade offer within 12 hours. Offers that are not accepted in time are cancelled automatically; the item returns to your inventory as normal and you can request the retrieval again.',
          'If you decline an offer, wait 5 minutes before requesting the retrieval again.',
          "If Steam puts the trade on hold, Steam keeps the items for up to 15 days (1 day if the two accounts have been friends for over 1 year) and then releases them to your inventory automatically. This is a Steam rule and we can't release items early.",
        ],
      },
      {
        heading: 'Why a retrieval fails',
        faq: [
          {
            q: 'Steam trade restriction',
            a: "You can't trade for 15 days after first enabling the Steam Guard Mobile Authenticator, or for 7 days after changing your password or resetting the authenticator, and new accounts can't trade until they have spent over 5 USD on Steam. Retrieve again once the restriction ends.",
          },
          {
            q: 'Private Steam inventory',
            a: 'If your inventory is private or friends-only, the bot cannot send you an offer. In Steam, go to Edit Profile → Privacy Settings and set both "My profile" and "Inventory" to "Public".',
          },
          {
            q: 'Wrong or outdated trade link',
            a: 'Clicking "Create new URL" in Steam invalidates your old trade link immediately. Copy the new link and bind it again here; see the Trade link help page.',
          },
          {
            q: 'Bot fault',
            a: 'Offers can fail while Steam is unstable or a bot is under maintenance. Try again later, and contact support if it keeps failing.',
          },
          {
            q: 'Recharge problem',
            a: 'While your account has an unpaid or reversed recharge, retrievals are paused until it is resolved.',
          },
        ],
      },
      {
        heading: 'Trade safety',
        paragraphs: [
          'Offers from our bots only send items to you and never ask you to give anything. Decline any offer that asks for your items.',
          "We will never ask for your Steam password, your Steam Guard codes or your Steam Web API key. Never sign in to Steam on a page that is not Steam's own.",
          'If something goes wrong, contact live support with your user ID, the item name and the time of the retrieval. We reply within 48 hours.',
        ],
      },
    ],
  },

  retrievePc: {
    title: 'Retrieving items on PC',
    updated: '2026-11-21',
    intro:
      'For players who accept trade offers on a computer, in the Steam client or in a browser on steamcommunity.com.',
    sections: [
      {
        heading: 'Before you start',
        steps: [
          'Bind your current Steam trade link in your personal center (see the Trade link help page for how to find it).',
          'Make sure your Steam inventory is public, the Steam Guard Mobile Authenticator is enabled and your account has no trade restrictions.',
          'Sign in to the Steam mobile app on your phone so you can confirm the trade.',
        ],
      },
      {
        heading: 'Request the retrieval on Kaixiang',
        steps: [
          'Log in to Kaixiang and click your avatar in the top right to open Personal center → Inventory.',
          'Find the item you want, click "Retrieve" and confirm.',
          'The item changes to "Retrieving", which means our bot is sending you a trade offer.',
        ],
      },
      {
        heading: 'Accept the offer in Steam',
        steps: [
          'Open the Steam client, or sign in to steamcommunity.com in your browser, click the notifications icon in the top right and open "Trade Offers".',
          "Open the offer from our bot, check the item's name and wear, and make sure you are not giving any items.",
          'Click "Accept Trade", then open the Steam mobile app and approve the trade under Steam Guard → Confirmations.',
          'When the trade completes, the item appears in your Steam inventory and its status on Kaixiang changes to "Retrieved".',
        ],
      },
      {
        heading: 'Things to note',
        paragraphs: [
          'Accept the offer within 12 hours; otherwise it is cancelled automatically and the item returns to your inventory.',
          'If you decline the offer, you can request the retrieval again after 5 minutes.',
          "If Steam says the trade is on hold, Steam keeps the items for up to 15 days and then delivers them automatically. You don't need to retrieve them again.",
          "If you can't see the offer in your browser, refresh the page or wait a moment. If it still doesn't show up, check that the trade link you bound is your current one.",
        ],
      },
    ],
  },

  retrieveMobile: {
    title: 'Retrieving items on mobile',
    updated: '2026-11-21',
    intro: 'For players who use Kaixiang in a mobile browser and accept trade offers in the Steam mobile app.',
    sections: [
      {
        heading: 'Before you start',
        steps: [
          'Install the Steam app from your official app store and sign in with the Steam account whose trade link is bound to Kaixiang.',
          "Turn on the Steam Guard Mobile Authenticator in the Steam app. You can't trade for 15 days after enabling it for the first time, so set it up early.",
          'Make sure your Steam inventory is public and the trade link bound on Kaixiang is your current one.',
        ],
      },
      {
        heading: 'Request the retrieval on Kaixiang',
        steps: [
          'Open Kaixiang in your mobile browser, log in and go to Personal center → Inventory.',
          'Select the item, tap "Retrieve" and confirm. The item changes to "Retrieving".',
        ],
      },
      {
        heading: 'Accept the offer in the Steam app',
        steps: [
          'Open the Steam app, tap the notifications bell and find the new trade offer.',
          'Open the offer, check the item and make sure you are not giving any items.',
          'Tap "Accept Trade", then approve it on the Steam Guard Confirmations screen.',
          'The item then arrives in your Steam inventory and its status on Kaixiang changes to "Retrieved".',
        ],
      },
      {
        heading: 'Common questions',
        faq: [
          {
            q: "I didn't get a notification for the offer.",
            a: 'Check that your phone allows notifications from the Steam app. You can also open Inventory → Trade Offers in the app to look for it yourself.',
          },
          {
            q: 'The offer expired.',
            a: 'Offers not accepted within 12 hours are cancelled automatically and the item returns to your inventory. Just request the retrieval again.',
          },
          {
            q: 'I declined the offer by mistake.',
            a: 'Wait 5 minutes, then request the retrieval again from your Kaixiang inventory.',
          },
          {
            q: 'There is nothing to approve on the Confirmations screen.',
            a: 'Pull down to refresh. If the trade has already failed, check whether your account is trade-restricted; for example, you cannot trade for 7 days after changing your password or resetting the authenticator.',
          },
        ],
      },
    ],
  },

  tradeLink: {
    title: 'Trade link help',
    updated: '2026-11-21',
    intro:
      'Your Steam trade link (Trade URL) is the personal address our bot uses to send you trade offers. You need to bind the correct trade link before items can be retrieved to your Steam account.',
    sections: [
      {
        heading: 'What a trade link looks like',
        paragraphs: [
          'A trade link looks like https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCdEfGh . The partner value identifies your Steam account and the token is a random string.',
          "A trade link is not your profile link (steamcommunity.com/id/… or steamcommunity.com/profiles/…). Please don't mix them up.",
        ],
      },
      {
        heading: 'Finding it on a computer',
        steps: [
          'Open the Steam client, or sign in to steamcommunity.com in your browser.',
          'Click your username at the top, choose "Inventory", then click "Trade Offers" near the top right of the page.',
          'In the menu on the right, choose "Who can send me Trade Offers?".',
          'Find your Trade URL under "Third-Party Sites" and click "Copy". You can also go straight to https://steamcommunity.com/my/tradeoffers/privacy after signing in.',
        ],
      },
      {
        heading: 'Finding it on a phone',
        steps: [
          'Open the Steam app and sign in.',
          'Tap your avatar menu, go to "Inventory", then "Trade Offers" → "Who can send me Trade Offers?".',
          'Copy the Trade URL under "Third-Party Sites". If you can\'t find the menu, sign in to the Steam Community in your phone\'s browser and open the address above.',
        ],
      },
      {
        heading: 'Binding it on Kaixiang',
        steps: [
          'Log in and go to Personal center → Basic info.',
          'Paste the link into the "Trade link" field and click Save.',
          'When you see "Link bound successfully", you are done. Binding for the first time earns a one-time binding reward (the amount is shown on the page).',
        ],
      },
      {
        heading: 'Common questions',
        faq: [
          {
            q: 'When do I need to bind it again?',
            a: 'Clicking "Create new URL" in Steam invalidates the old link immediately, and you also need to bind again if you switch Steam accounts. An outdated link makes retrievals fail.',
          },
          {
            q: "Can I bind someone else's trade link?",
            a: "No. Only bind your own Steam account. Items sent to someone else's account cannot be recovered, and you are responsible for any such loss.",
          },
          {
            q: 'Can I claim the binding reward more than once?',
            a: 'No. The binding reward is paid once per account; binding again or changing the link does not pay it again.',
          },
          {
            q: 'It says my link format is invalid.',
            a: 'Make sure you copied the whole link, including both the partner and token parts, with no extra spaces before or after it.',
          },
          {
            q: 'Does my inventory need to be public?',
            a: 'Yes. In Steam, go to Edit Profile → Privacy Settings and set both "My profile" and "Inventory" to "Public"; otherwise the bot cannot send you offers.',
          },
        ],
      },
    ],
  },

  AntiMoneyLaundering: {
    title: 'USDT purchase tutorial',
    updated: '2026-11-21',
    intro:
      'You can recharge with USDT (Tether). This tutorial explains how to get USDT, how to recharge step by step, what to watch out for, and our anti-money-laundering rules.',
    sections: [
      {
        heading: 'USDT recharge at a glance',
        paragraphs: [
          'Supported chains: TRC20 (TRON) and ERC20 (Ethereum).',
          'Amount per order: 100–20000 CNY, whole numbers only.',
          'Reference rate: about 7.6 CNY per USDT. The live rate shown in the recharge window is the one that applies.',
          'Network fee: a network fee is added to the USDT quantity you pay, for example 1 USDT on a 100 USDT payment. The exact figure is shown in your order.',
          'Arrival: usually within 5 minutes after the transfer is confirmed on-chain.',
        ],
      },
      {
        heading: 'Getting USDT',
        paragraphs: [
          'Buy USDT on a digital-asset exchange or wallet that operates legally where you live, and move it to a wallet you control.',
          'Make sure your wallet supports the chain you pick (TRC20 or ERC20). TRC20 usually has lower fees and faster confirmations, so it suits most players.',
          'If you pay straight from an exchange, the exchange may deduct its withdrawal fee from the amount sent. Make sure the quantity that actually arrives matches the order exactly, and add the exchange fee on top if needed.',
        ],
      },
      {
        heading: 'How to recharge',
        steps: [
          'Log in, click "Recharge" at the top of the page and choose the USDT tab.',
          'Choose a chain (TRC20 or ERC20) and enter the amount in CNY (a whole number from 100 to 20000). The USDT quantity to pay, including the network fee, is calculated at the live rate.',
          'Read and tick the confirmations (that you are 18 or older and accept the User Agreement and the Privacy Terms, among others), then click Confirm.',
          "The payment window shows this order's own deposit address, the quantity to pay and an expiry countdown. Scan the QR code or copy the address.",
          'In your wallet, pick the same chain and send exactly the quantity shown to that address before the countdown ends.',
          'After on-chain confirmation, your balance usually arrives within 5 minutes and the window tells you the recharge succeeded.',
        ],
      },
      {
        heading: 'Worked example',
        paragraphs: [
          'To recharge 760 CNY at the reference rate of 7.6, you need 100 USDT plus a 1 USDT network fee, so you pay 101 USDT. Always go by the figures in your payment window.',
        ],
      },
      {
        heading: 'Important',
        paragraphs: [
          'Every order has its own deposit address. Do not save an address to reuse it, and never send funds to the address of an expired order.',
          'Use the same chain: pay a TRC20 order only over TRC20 and an ERC20 order only over ERC20. Funds sent on the wrong chain or to the wrong address may be lost for good.',
          'Send the exact quantity: paying too little or too much may stop the order from being matched automatically. If that happens, contact support with your order number and the transaction hash (TXID).',
          'If an order expires, create a new one; you will get a new deposit address and a new countdown.',
        ],
      },
      {
        heading: 'Anti-money-laundering statement',
        paragraphs: [
          'Only recharge with money that is legally yours. Using funds that belong to someone else or come from an unknown source, or recharging on behalf of others, is forbidden.',
          'Your balance cannot be withdrawn as cash, so Kaixiang cannot be used to move money.',
          'For suspicious transactions, we may ask you to complete ID verification or explain the source of funds, and pause recharges, retrievals and other features while we review them. Where required, we cooperate with the authorities as the law provides.',
          'Retrievals are paused on accounts with an unpaid, reversed or charged-back recharge.',
        ],
      },
    ],
  },
};
