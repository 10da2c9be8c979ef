import type { LocalizedText } from '@kaixiang/shared/items';
import type { Locale } from '@kaixiang/shared/locale';
import type { PayMode } from '@kaixiang/shared/payments';
import type { HistoryExportKind } from '@kaixiang/shared/protection';
import type { TransferKind } from '@kaixiang/shared/wallet';

/*
 * The words of the history files. The kind, channel and state names are the ones the player's own
 * pages show (the web's wallet.kind.*, recharge.channel.* and recharge.records.state.*): the same
 * movement must read the same in the file as on the account change page. history-export.test.ts
 * holds them to the web's texts, so a new or renamed label cannot drift apart unnoticed.
 */

/** Why coins moved, as the account change page names it. */
export const KIND_LABELS: Readonly<Record<TransferKind, LocalizedText>> = {
  test_credit: { 'zh-CN': '测试充值', 'zh-TW': '測試儲值', 'en-US': 'Test credit' },
  box_open: { 'zh-CN': '开箱', 'zh-TW': '開箱', 'en-US': 'Case opening' },
  item_sell: { 'zh-CN': '出售饰品', 'zh-TW': '出售飾品', 'en-US': 'Item sold' },
  item_recycle: { 'zh-CN': '回收饰品', 'zh-TW': '回收飾品', 'en-US': 'Item recycled' },
  item_auto_sell: { 'zh-CN': '饰品自动出售', 'zh-TW': '飾品自動出售', 'en-US': 'Item auto-sold' },
  quota_exchange: { 'zh-CN': '额度兑换', 'zh-TW': '額度兌換', 'en-US': 'Quota exchange' },
  mall_buy: { 'zh-CN': '商城购买', 'zh-TW': '商城購買', 'en-US': 'Mall purchase' },
  trade_link_bonus: { 'zh-CN': '绑定交易链接奖励', 'zh-TW': '綁定交易連結獎勵', 'en-US': 'Trade link bonus' },
  recharge: { 'zh-CN': '充值', 'zh-TW': '儲值', 'en-US': 'Top-up' },
  recharge_bonus: { 'zh-CN': '充值赠送', 'zh-TW': '儲值贈送', 'en-US': 'Top-up bonus' },
  coupon_bonus: { 'zh-CN': '优惠券赠送', 'zh-TW': '優惠券贈送', 'en-US': 'Coupon bonus' },
  vip_recharge_bonus: { 'zh-CN': 'VIP充值加成', 'zh-TW': 'VIP儲值加成', 'en-US': 'VIP top-up bonus' },
  vip_red_packet: { 'zh-CN': 'VIP专属红包', 'zh-TW': 'VIP專屬紅包', 'en-US': 'VIP red packet' },
  correction: { 'zh-CN': '账务调整', 'zh-TW': '帳務調整', 'en-US': 'Correction' },
  vip_award: { 'zh-CN': 'VIP 升级奖励', 'zh-TW': 'VIP 升級獎勵', 'en-US': 'VIP level reward' },
  command_reward: { 'zh-CN': '口令红包', 'zh-TW': '口令紅包', 'en-US': 'Command code reward' },
  mail_appendix: { 'zh-CN': '邮件附件', 'zh-TW': '郵件附件', 'en-US': 'Mail attachment' },
  invite_rebate: { 'zh-CN': '邀请返利', 'zh-TW': '邀請返利', 'en-US': 'Invite rebate' },
  pickup_prize: { 'zh-CN': '捡漏排行奖励', 'zh-TW': '撿漏排行獎勵', 'en-US': 'Pickup ranking prize' },
  board_prize: { 'zh-CN': '排行榜奖励', 'zh-TW': '排行榜獎勵', 'en-US': 'Leaderboard prize' },
  cup_stake: { 'zh-CN': '竞猜投入', 'zh-TW': '競猜投入', 'en-US': 'Prediction stake' },
  cup_payout: { 'zh-CN': '竞猜奖励', 'zh-TW': '競猜獎勵', 'en-US': 'Prediction win' },
  cup_refund: { 'zh-CN': '竞猜退还', 'zh-TW': '競猜退還', 'en-US': 'Prediction refund' },
  anchor_recharge: { 'zh-CN': '主播充值', 'zh-TW': '主播儲值', 'en-US': 'Anchor top-up' },
  battle_entry: { 'zh-CN': '竞技场入场', 'zh-TW': '競技場入場', 'en-US': 'Battle entry' },
  battle_refund: { 'zh-CN': '竞技场退款', 'zh-TW': '競技場退款', 'en-US': 'Battle refund' },
  battle_consolation: { 'zh-CN': '竞技场安慰奖', 'zh-TW': '競技場安慰獎', 'en-US': 'Battle consolation' },
  turntable_bet: { 'zh-CN': '转盘押注', 'zh-TW': '轉盤押注', 'en-US': 'Turntable bet' },
  turntable_win: { 'zh-CN': '转盘中奖', 'zh-TW': '轉盤中獎', 'en-US': 'Turntable win' },
  turntable_jackpot: { 'zh-CN': '转盘奖池', 'zh-TW': '轉盤獎池', 'en-US': 'Turntable jackpot' },
  upgrade_stake: { 'zh-CN': '装备升级投入', 'zh-TW': '裝備升級投入', 'en-US': 'Upgrade stake' },
  treasure_card: { 'zh-CN': '夺宝购卡', 'zh-TW': '奪寶購卡', 'en-US': 'Treasure cards' },
  treasure_refund: { 'zh-CN': '夺宝退款', 'zh-TW': '奪寶退款', 'en-US': 'Treasure refund' },
  lucky_award: { 'zh-CN': '幸运玩家奖励', 'zh-TW': '幸運玩家獎勵', 'en-US': 'Lucky player award' },
  bag_open: { 'zh-CN': '福袋', 'zh-TW': '福袋', 'en-US': 'Lucky bag' },
  rain_packet: { 'zh-CN': '红包雨', 'zh-TW': '紅包雨', 'en-US': 'Red packet rain' },
  task_reward: { 'zh-CN': '每日任务奖励', 'zh-TW': '每日任務獎勵', 'en-US': 'Daily task reward' },
  sign_in: { 'zh-CN': '每日签到', 'zh-TW': '每日簽到', 'en-US': 'Daily sign-in' },
  points_shop: { 'zh-CN': '积分商城', 'zh-TW': '積分商城', 'en-US': 'Points shop' },
  command_item: { 'zh-CN': '口令饰品', 'zh-TW': '口令飾品', 'en-US': 'Command code item' },
  wishing_well: { 'zh-CN': '许愿池', 'zh-TW': '許願池', 'en-US': 'Wishing well' },
  free_box: { 'zh-CN': '免费箱', 'zh-TW': '免費箱', 'en-US': 'Free box' },
};

/** The recharge channels, as the recharge records page names them; 'mock' is a development top-up. */
export const CHANNEL_LABELS: Readonly<Record<PayMode | 'mock', LocalizedText>> = {
  alipay: { 'zh-CN': '支付宝', 'zh-TW': '支付寶', 'en-US': 'Alipay' },
  union_pay: { 'zh-CN': '银联支付', 'zh-TW': '銀聯支付', 'en-US': 'UnionPay' },
  wechat_pay: { 'zh-CN': '微信支付', 'zh-TW': '微信支付', 'en-US': 'WeChat Pay' },
  crypto_pay: { 'zh-CN': 'USDT', 'zh-TW': 'USDT', 'en-US': 'USDT' },
  mock: { 'zh-CN': '测试充值', 'zh-TW': '測試儲值', 'en-US': 'Test top-up' },
};

/** Order states (ORDER_STATUS), as the recharge records page names them. */
export const ORDER_STATE_LABELS: Readonly<Record<number, LocalizedText>> = {
  1: { 'zh-CN': '待支付', 'zh-TW': '待支付', 'en-US': 'Awaiting payment' },
  2: { 'zh-CN': '已到账', 'zh-TW': '已到帳', 'en-US': 'Credited' },
  3: { 'zh-CN': '已过期', 'zh-TW': '已過期', 'en-US': 'Expired' },
  4: { 'zh-CN': '支付失败', 'zh-TW': '支付失敗', 'en-US': 'Payment failed' },
  5: { 'zh-CN': '已撤销', 'zh-TW': '已撤銷', 'en-US': 'Reversed' },
};
/**
 * The header row of each file. Every time column says its time zone: a player abroad must not
 * read China time as their own.
 */
export const HEADERS: Readonly<Record<HistoryExportKind, Readonly<Record<Locale, readonly string[]>>>> = {
  recharges: {
    'zh-CN': ['订单号', '下单时间（北京时间）', '支付金额（元）', '支付方式', '状态', '到账时间（北京时间）'],
    'zh-TW': ['訂單號', '下單時間（北京時間）', '支付金額（元）', '支付方式', '狀態', '到帳時間（北京時間）'],
    'en-US': [
      'Order no.',
      'Ordered (China time, UTC+8)',
      'Amount (CNY)',
      'Channel',
      'Status',
      'Credited (China time, UTC+8)',
    ],
  },
  openings: {
    'zh-CN': ['时间（北京时间）', '箱子', '箱子价格（元）', '饰品', '磨损', '饰品价值（元）', '开箱编号'],
    'zh-TW': ['時間（北京時間）', '箱子', '箱子價格（元）', '飾品', '磨損', '飾品價值（元）', '開箱編號'],
    'en-US': ['Time (China time, UTC+8)', 'Box', 'Box price (CNY)', 'Item', 'Wear', 'Item value (CNY)', 'Opening ID'],
  },
  coins: {
    'zh-CN': ['时间（北京时间）', '类型', '变动金额（元）', '变动后余额（元）', '说明', '流水号'],
    'zh-TW': ['時間（北京時間）', '類型', '變動金額（元）', '變動後餘額（元）', '說明', '流水號'],
    'en-US': ['Time (China time, UTC+8)', 'Kind', 'Change (CNY)', 'Balance after (CNY)', 'Memo', 'Transfer ID'],
  },
};
