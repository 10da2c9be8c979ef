import { BOARDS_ROUTES } from '@kaixiang/shared/boards-paths';
import { CUP_ROUTE } from '@kaixiang/shared/cup-paths';
import { ENERGY_ROUTE } from '@kaixiang/shared/energy-paths';
import { POINTS_SHOP_ROUTE } from '@kaixiang/shared/points-shop-paths';
import { SIGN_IN_ROUTE } from '@kaixiang/shared/sign-in-paths';
import { WISHING_WELL_ROUTE } from '@kaixiang/shared/wishing-well-paths';
import { newYearWindows } from '../lucky/lucky.seed.ts';

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * The activity centre's default rows (issue 22; docs/promotions/sign-in.md "Activity centre"):
 * the promotions the site runs, each leading to its page, with rules matching the seeded
 * defaults of each (sign-in.seed.ts, rain.seed.ts, bags.seed.ts, lucky.seed.ts). Rows by fixed
 * id, inserted once (site.seed.ts): an operator's edits survive restarts. The always-on ones run
 * for a year from the first start; the new-year lucky player runs in its real window, upcoming
 * until the eve of the Spring Festival.
 */
export function defaultActivities(nowMs: number) {
  const always = { startAt: new Date(nowMs - 24 * 3600 * 1000), endAt: new Date(nowMs + YEAR_MS) };
  const rows = [
    {
      id: 2,
      titleZhCn: '每日签到',
      titleZhTw: '每日簽到',
      titleEn: 'Daily sign-in',
      path: SIGN_IN_ROUTE,
      ...always,
      rulesZhCn:
        '每天（北京时间）可签到一次，7天为一个周期，连续签到奖励逐日增加，第7天可得大奖和幸运福袋。中断一天则从第1天重新开始。积分可在积分明细中查看。',
      rulesZhTw:
        '每天（北京時間）可簽到一次，7天為一個週期，連續簽到獎勵逐日增加，第7天可得大獎和幸運福袋。中斷一天則從第1天重新開始。積分可在積分明細中查看。',
      rulesEn:
        'Sign in once a day (China time). A cycle is 7 days and the reward grows each day in a row; day 7 pays the most and a lucky bag. Miss a day and you start again at day 1. Your points are listed in the points history.',
      sort: 10,
    },
    {
      id: 6,
      titleZhCn: '每日任务',
      titleZhTw: '每日任務',
      titleEn: 'Daily tasks',
      path: '/vipDailyTasks',
      ...always,
      rulesZhCn:
        '每天（北京时间）完成开箱、对战、升级、转盘和充值任务即可领取积分和金币，奖励随VIP等级提高，每个任务每天可领取一次，零点重置。',
      rulesZhTw:
        '每天（北京時間）完成開箱、對戰、升級、轉盤和儲值任務即可領取積分和金幣，獎勵隨VIP等級提高，每個任務每天可領取一次，零點重置。',
      rulesEn:
        'Each day (China time), open boxes, play a battle, upgrade, bet on the turntable or recharge to complete tasks and claim points and coins; rewards grow with your VIP level, each task once a day, reset at midnight.',
      sort: 12,
    },
    {
      id: 7,
      titleZhCn: '积分商城',
      titleZhTw: '積分商城',
      titleEn: 'Points shop',
      path: POINTS_SHOP_ROUTE,
      ...always,
      rulesZhCn: '签到和每日任务获得的积分可在积分商城兑换饰品、金币和幸运福袋，数量有限，部分商品每人每天限兑。',
      rulesZhTw: '簽到和每日任務獲得的積分可在積分商城兌換飾品、金幣和幸運福袋，數量有限，部分商品每人每天限兌。',
      rulesEn:
        'Spend the points you earn from sign-in and daily tasks on items, coins and lucky bags; stock is limited and some goods have a daily limit per player.',
      sort: 14,
    },
    {
      id: 8,
      titleZhCn: '许愿池',
      titleZhTw: '許願池',
      titleEn: 'Wishing well',
      path: WISHING_WELL_ROUTE,
      ...always,
      rulesZhCn:
        '选择想要的饰品，用积分或金币许愿，每次许愿前显示中奖概率和返还率，许愿成功饰品直接放入背包；每次结果都可在公平性页面验证。',
      rulesZhTw:
        '選擇想要的飾品，用積分或金幣許願，每次許願前顯示中獎機率和返還率，許願成功飾品直接放入背包；每次結果都可在公平性頁面驗證。',
      rulesEn:
        'Pick the item you want and wish for it with points or coins; the chance and the return are shown before you pay, a wish that comes true puts the item in your inventory, and every wish can be checked on the fairness page.',
      sort: 16,
    },
    {
      id: 9,
      titleZhCn: '能量箱',
      titleZhTw: '能量箱',
      titleEn: 'Energy box',
      path: ENERGY_ROUTE,
      ...always,
      rulesZhCn:
        '每周（北京时间周一零点起）开箱、对战、升级和转盘消耗的金币累计为能量，能量达到等级即可开启该等级的能量箱，每个等级每周可开启一次，结果可在公平验证中核对。',
      rulesZhTw:
        '每週（北京時間週一零點起）開箱、對戰、升級和轉盤消耗的金幣累計為能量，能量達到等級即可開啟該等級的能量箱，每個等級每週可開啟一次，結果可在公平驗證中核對。',
      rulesEn:
        'Each week (from Monday 00:00 China time) the coins you spend on boxes, battles, upgrades and the turntable add up to energy; reach a level to open its energy box, once per level each week, and check the result on the fairness page.',
      sort: 16,
    },
    {
      id: 10,
      titleZhCn: '首充免费箱',
      titleZhTw: '首儲免費箱',
      titleEn: 'First top-up free box',
      path: `${ENERGY_ROUTE}#free-boxes`,
      ...always,
      rulesZhCn:
        '首次充值并完成实名认证，可免费开启一次首充免费箱（每个账号、每个身份证限一次），开箱结果与普通开箱一样可在公平验证中核对。',
      rulesZhTw:
        '首次儲值並完成實名認證，可免費開啟一次首儲免費箱（每個帳號、每個身分證限一次），開箱結果與一般開箱一樣可在公平驗證中核對。',
      rulesEn:
        'Top up for the first time and verify your identity to open the first top-up box once for free (once per account and per ID); it is an ordinary opening you can check on the fairness page.',
      sort: 18,
    },
    {
      id: 3,
      titleZhCn: '红包雨',
      titleZhTw: '紅包雨',
      titleEn: 'Red packet rain',
      path: '/userinfo/redPacket',
      ...always,
      rulesZhCn:
        '红包雨开始前页面右下角会显示倒计时，开始后点击落下的红包即可抢金币，每场每人限抢一次，先到先得。抢到的红包可在红包记录中查看。',
      rulesZhTw:
        '紅包雨開始前頁面右下角會顯示倒數計時，開始後點擊落下的紅包即可搶金幣，每場每人限搶一次，先到先得。搶到的紅包可在紅包記錄中查看。',
      rulesEn:
        'A countdown shows at the bottom right before each rain; when it starts, click a falling packet to grab coins, once per rain, first come first served. Your packets are listed in the red packet record.',
      sort: 20,
    },
    {
      id: 4,
      titleZhCn: '幸运福袋',
      titleZhTw: '幸運福袋',
      titleEn: 'Lucky bags',
      path: '/userinfo/bag',
      ...always,
      rulesZhCn:
        '当日累计充值满10元、VIP等级提升、签到第7天均可获得福袋。点击右下角的福袋图标开启，金额由可验证的公平算法决定，每3秒可开启一次。',
      rulesZhTw:
        '當日累計儲值滿10元、VIP等級提升、簽到第7天均可獲得福袋。點擊右下角的福袋圖示開啟，金額由可驗證的公平演算法決定，每3秒可開啟一次。',
      rulesEn:
        'Earn lucky bags by recharging ¥10 or more in a day, reaching a new VIP level, or signing in on day 7. Open one from the bag icon at the bottom right, once every 3 seconds; the amount is drawn by a verifiable fair roll.',
      sort: 30,
    },
    // The boards and events of issue 25 (docs/promotions/boards.md, world-cup.md).
    {
      id: 11,
      titleZhCn: '王者排行',
      titleZhTw: '王者排行',
      titleEn: 'Royal ranking',
      path: BOARDS_ROUTES.royal,
      ...always,
      rulesZhCn:
        '对战榜、开箱榜、升级榜按北京时间每日、每周统计：对战计入结束的对战入场费，开箱计入开箱花费，升级计入升级投入，机器人不计入。每个周期结束后自动按名次发放奖励并邮件通知。',
      rulesZhTw:
        '對戰榜、開箱榜、升級榜按北京時間每日、每週統計：對戰計入結束的對戰入場費，開箱計入開箱花費，升級計入升級投入，機器人不計入。每個週期結束後自動按名次發放獎勵並郵件通知。',
      rulesEn:
        'The PK, Cases and Upgrade boards count each China day and week: the entry of every battle that ended, what you paid to open boxes, and what you staked on upgrades; robots never count. When a period ends the prizes are paid by rank and you get a mail.',
      sort: 14,
    },
    {
      id: 13,
      titleZhCn: '开箱王',
      titleZhTw: '開箱王',
      titleEn: 'Unpacking king',
      path: BOARDS_ROUTES.king,
      ...always,
      rulesZhCn:
        '每天（北京时间）单次开箱开出价值最高、以及开出倍数（饰品价值÷箱子价格）最高的玩家分别加冕开箱王，次日零点后发放奖励。',
      rulesZhTw:
        '每天（北京時間）單次開箱開出價值最高、以及開出倍數（飾品價值÷箱子價格）最高的玩家分別加冕開箱王，次日零點後發放獎勵。',
      rulesEn:
        'Each China day, the best single item opened by value, and the best by multiple of its box’s price, each crown an unpacking king; the prizes are paid after midnight.',
      sort: 15,
    },
    {
      id: 14,
      titleZhCn: 'PK战力',
      titleZhTw: 'PK戰力',
      titleEn: 'PK power',
      path: BOARDS_ROUTES.pkPower,
      ...always,
      rulesZhCn: '活动期间创建并完成对战、赢得对战都可获得战力，活动结束后按战力排名发放奖励。',
      rulesZhTw: '活動期間建立並完成對戰、贏得對戰都可獲得戰力，活動結束後按戰力排名發放獎勵。',
      rulesEn:
        'While the activity runs, battles you create and finish and battles you win earn power; when it ends the prizes are paid by power.',
      sort: 16,
    },
    {
      id: 15,
      titleZhCn: '世界杯竞猜',
      titleZhTw: '世界盃競猜',
      titleEn: 'World cup predictions',
      path: CUP_ROUTE,
      ...always,
      rulesZhCn: '开赛前用积分竞猜比赛结果，每场限猜一次；赛果录入后猜中即按赔率返还积分，比赛取消则退还。',
      rulesZhTw: '開賽前用積分競猜比賽結果，每場限猜一次；賽果錄入後猜中即按賠率返還積分，比賽取消則退還。',
      rulesEn:
        'Predict a match’s result with points before kick-off, once per match; when the result is entered a right pick pays back stake × odds, and a cancelled match refunds it.',
      sort: 17,
    },
  ];
  const newYear = newYearWindows().find((w) => w.endsAtMs > nowMs);
  if (!newYear) return rows;
  return [
    ...rows,
    {
      id: 5,
      titleZhCn: '新春幸运玩家',
      titleZhTw: '新春幸運玩家',
      titleEn: 'New Year lucky player',
      path: '/newYearActivity',
      startAt: new Date(newYear.startsAtMs),
      endAt: new Date(newYear.endsAtMs),
      rulesZhCn: '活动期间每开一个箱子都有 1/108 的机会成为幸运玩家，获得额外奖励，获奖名单在活动页公布。',
      rulesZhTw: '活動期間每開一個箱子都有 1/108 的機會成為幸運玩家，獲得額外獎勵，獲獎名單在活動頁公布。',
      rulesEn:
        'During the activity every box you open has a 1 in 108 chance to make you a lucky player with an extra award; the winners are listed on the activity page.',
      sort: 40,
    },
  ];
}
