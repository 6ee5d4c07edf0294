/** The demo catalogue `npm start` seeds: believable apps, dramas, novels, banners, a poster and help pages. */
import { FREE_CLAIM_POINTS, PackageType, type MusicStyle, type TaskType } from '@cc/contracts';
import type { Palette } from '../modules/content/cover-art.js';

export interface DemoApp {
  key: string;
  name: string;
  platform: string;
  landing: string;
  deepLink: string;
  palette: Palette;
}

export interface DemoSerial {
  key: string;
  app: string;
  taskType: TaskType;
  name: string;
  intro: string;
  tags: string[];
  channel: 'male' | 'female';
  episodes: number;
  daysAgo: number;
  incomeYuan: number;
  shareRatePercent: number;
  palette: Palette;
}

export const DEMO_APPS: DemoApp[] = [
  {
    key: 'hongguo',
    name: '红果短剧',
    platform: 'all',
    landing: '/demo/apps/hongguo',
    deepLink: 'hongguo://serial/{serial_id}?code={code}',
    palette: { from: '#FF5B5B', to: '#C81D4E' },
  },
  {
    key: 'hema',
    name: '河马剧场',
    platform: 'all',
    landing: '/demo/apps/hema',
    deepLink: 'hema://play/{serial_id}?code={code}',
    palette: { from: '#3C7EFF', to: '#165DFF' },
  },
  {
    key: 'fanqie',
    name: '番茄小说',
    platform: 'all',
    landing: '/demo/apps/fanqie',
    deepLink: 'fanqie://book/{serial_id}?code={code}',
    palette: { from: '#FF8A3D', to: '#E8590C' },
  },
  {
    key: 'qimao',
    name: '七猫免费小说',
    platform: 'android',
    landing: '/demo/apps/qimao',
    deepLink: 'qimao://book/{serial_id}?code={code}',
    palette: { from: '#2BC48A', to: '#0E8F63' },
  },
];

const p = (from: string, to: string): Palette => ({ from, to });

export const DEMO_SERIALS: DemoSerial[] = [
  {
    key: 'drama-01',
    app: 'hongguo',
    taskType: 1,
    name: '闪婚后大佬每天都在掉马',
    intro: '为了替家人还债，她与陌生男人闪婚，却不知对方竟是隐藏身份的商界大佬。',
    tags: ['甜宠', '闪婚', '总裁'],
    channel: 'female',
    episodes: 80,
    daysAgo: 2,
    incomeYuan: 1865320,
    shareRatePercent: 70,
    palette: p('#F857A6', '#A43AB8'),
  },
  {
    key: 'drama-02',
    app: 'hongguo',
    taskType: 1,
    name: '龙王归来',
    intro: '隐世五年的龙王重返都市，昔日欺辱他的人终将付出代价。',
    tags: ['都市', '逆袭', '战神'],
    channel: 'male',
    episodes: 96,
    daysAgo: 5,
    incomeYuan: 2410890,
    shareRatePercent: 72,
    palette: p('#1F1C2C', '#4B3F72'),
  },
  {
    key: 'drama-03',
    app: 'hema',
    taskType: 1,
    name: '重生之我在八零当首富',
    intro: '重回八十年代，她凭借前世记忆白手起家，一步步成为改革浪潮中的女首富。',
    tags: ['重生', '年代', '致富'],
    channel: 'female',
    episodes: 72,
    daysAgo: 1,
    incomeYuan: 986540,
    shareRatePercent: 68,
    palette: p('#F7971E', '#D35400'),
  },
  {
    key: 'drama-04',
    app: 'hema',
    taskType: 1,
    name: '神医下山',
    intro: '身怀绝世医术的少年奉师命下山，悬壶济世，也掀起都市风云。',
    tags: ['神医', '都市', '爽文'],
    channel: 'male',
    episodes: 88,
    daysAgo: 9,
    incomeYuan: 1532200,
    shareRatePercent: 70,
    palette: p('#11998E', '#38EF7D'),
  },
  {
    key: 'drama-05',
    app: 'hongguo',
    taskType: 1,
    name: '千金归来之复仇计划',
    intro: '被调包二十年的真千金回到豪门，面对步步陷害，她冷静反击。',
    tags: ['豪门', '复仇', '女强'],
    channel: 'female',
    episodes: 64,
    daysAgo: 14,
    incomeYuan: 1204300,
    shareRatePercent: 65,
    palette: p('#8E2DE2', '#4A00E0'),
  },
  {
    key: 'drama-06',
    app: 'hema',
    taskType: 1,
    name: '逆天赘婿',
    intro: '受尽白眼的上门女婿，竟是富可敌国的家族继承人。',
    tags: ['赘婿', '逆袭', '豪门'],
    channel: 'male',
    episodes: 100,
    daysAgo: 20,
    incomeYuan: 3120450,
    shareRatePercent: 75,
    palette: p('#C04848', '#480048'),
  },
  {
    key: 'drama-07',
    app: 'hongguo',
    taskType: 1,
    name: '宫墙柳',
    intro: '一入宫门深似海，小小宫女凭智慧在后宫步步生存。',
    tags: ['古装', '宫斗', '权谋'],
    channel: 'female',
    episodes: 90,
    daysAgo: 30,
    incomeYuan: 760210,
    shareRatePercent: 66,
    palette: p('#B24592', '#F15F79'),
  },
  {
    key: 'drama-08',
    app: 'hema',
    taskType: 1,
    name: '我在末世开超市',
    intro: '末世降临，他的超市成为幸存者唯一的希望。',
    tags: ['末世', '系统', '生存'],
    channel: 'male',
    episodes: 70,
    daysAgo: 3,
    incomeYuan: 654800,
    shareRatePercent: 68,
    palette: p('#232526', '#414345'),
  },
  {
    key: 'novel-01',
    app: 'fanqie',
    taskType: 2,
    name: '长街灯火',
    intro: '小城青年在时代变迁中追寻梦想，平凡人的奋斗史诗。',
    tags: ['现实', '奋斗', '成长'],
    channel: 'male',
    episodes: 420,
    daysAgo: 4,
    incomeYuan: 432100,
    shareRatePercent: 60,
    palette: p('#E44D26', '#F16529'),
  },
  {
    key: 'novel-02',
    app: 'fanqie',
    taskType: 2,
    name: '她从雪山来',
    intro: '雪山救援队队长与支教女孩之间温暖治愈的爱情故事。',
    tags: ['言情', '治愈', '现代'],
    channel: 'female',
    episodes: 260,
    daysAgo: 6,
    incomeYuan: 389600,
    shareRatePercent: 62,
    palette: p('#83A4D4', '#3D6CB9'),
  },
  {
    key: 'novel-03',
    app: 'qimao',
    taskType: 2,
    name: '万古剑尊',
    intro: '少年得上古剑魂，一剑破万法，踏上巅峰之路。',
    tags: ['玄幻', '修仙', '热血'],
    channel: 'male',
    episodes: 1200,
    daysAgo: 12,
    incomeYuan: 1210900,
    shareRatePercent: 65,
    palette: p('#0F2027', '#2C5364'),
  },
  {
    key: 'novel-04',
    app: 'qimao',
    taskType: 2,
    name: '侯府嫡女不好惹',
    intro: '侯府嫡女重生归来，斗继母、护家人，活出自己的锦绣人生。',
    tags: ['古言', '重生', '宅斗'],
    channel: 'female',
    episodes: 680,
    daysAgo: 8,
    incomeYuan: 875400,
    shareRatePercent: 63,
    palette: p('#DA4453', '#89216B'),
  },
  {
    key: 'novel-05',
    app: 'fanqie',
    taskType: 2,
    name: '深海档案',
    intro: '一份尘封三十年的档案，牵出深海科考船上的离奇失踪案。',
    tags: ['悬疑', '推理', '科幻'],
    channel: 'male',
    episodes: 350,
    daysAgo: 18,
    incomeYuan: 298700,
    shareRatePercent: 60,
    palette: p('#000428', '#004E92'),
  },
  {
    key: 'novel-06',
    app: 'qimao',
    taskType: 2,
    name: '余生请多指教',
    intro: '两个慢热的人，在细水长流的日常里慢慢走进彼此的生活。',
    tags: ['甜宠', '都市', '日常'],
    channel: 'female',
    episodes: 300,
    daysAgo: 25,
    incomeYuan: 512300,
    shareRatePercent: 62,
    palette: p('#FF758C', '#FF7EB3'),
  },
];

/** Preview episodes each demo drama ships with: the material a promoter downloads and cuts. */
export const PREVIEW_EPISODES = 3;

/** Seconds of a preview episode: 6, except these, long enough together for every mixed-cut length (60–300 s). */
export const LONG_EPISODES: Record<string, Record<number, number>> = {
  'drama-01': { 1: 60, 2: 90, 3: 120 },
  'drama-02': { 1: 100 },
};

/** The two tutorial videos every task points to (one for a video-sharing site, one for a short-video app). */
export const DEMO_TUTORIALS = {
  video: {
    path: 'demo/tutorials/video-site.mp4',
    title: '推广教程',
    subtitle: '视频网站发布指南',
    palette: p('#165DFF', '#0FC6C2'),
  },
  short: {
    path: 'demo/tutorials/short-video.mp4',
    title: '推广教程',
    subtitle: '短视频平台发布指南',
    palette: p('#F53F3F', '#FF7D00'),
  },
};

export const DEMO_BANNERS = [
  {
    key: 'banner-ai',
    title: 'AI 混剪上线',
    headline: 'AI 高能混剪 一键成片',
    subline: '选剧、剪辑、去重，批量产出爆款视频',
    link: '/tool',
    palette: p('#165DFF', '#722ED1'),
  },
  {
    key: 'banner-task',
    title: '新剧推广激励',
    headline: '新剧上线 分成最高 75%',
    subline: '领取推广任务，复制链接即可开始赚钱',
    link: '/task',
    palette: p('#FF7D00', '#F53F3F'),
  },
  {
    key: 'banner-gift',
    title: '新人福利',
    // The figure the free claim grants, never typed twice.
    headline: `新人免费领 ${FREE_CLAIM_POINTS} 积分`,
    subline: '登录即可领取，体验高能混剪、影视解说与批量去重',
    link: '/gift',
    palette: p('#00B42A', '#0FC6C2'),
  },
];

export const SUPPORT_POSTER = {
  title: '团队入驻&客服咨询',
  description: '微信扫码添加客服，获取推广教程、团队入驻与结算咨询（工作日 9:00-21:00）',
  qrText: 'https://work.weixin.qq.com/kfid/creator-center-support',
};

export const HELP_TEMPLATES = [
  {
    slug: 'help-getting-started',
    title: '新手入门',
    content: `# 新手入门

欢迎来到创作者中心！只需三步即可开始推广赚钱：

1. **登录注册**：使用手机号和短信验证码登录，首次登录自动注册。
2. **领取任务**：在「任务中心」选择短剧或小说，点击「推广」获取专属推广链接和口令。
3. **发布推广**：将链接或口令发布到抖音、快手、视频号等平台，用户通过你的链接观看并付费，你即可获得分成。

## 收益如何结算？

推广订单产生后进入「待结算」，结算完成后计入可提现余额，可提现到银行卡或支付宝。
`,
  },
  {
    slug: 'help-promotion-rules',
    title: '推广规范',
    content: `# 推广规范

- 禁止使用虚假、夸大或低俗内容进行推广。
- 禁止刷单、自买自卖等作弊行为，一经发现将扣除相应收益。
- 推广素材须遵守各平台社区规范及相关法律法规。
`,
  },
  {
    slug: 'help-points',
    title: '积分说明',
    content: `# 积分说明

- 积分可用于高能混剪、影视解说、字幕翻译、批量去重等工具。
- 积分自发放之日起有效期 1 年，不可转让、不可提现、不可退款。
- 消耗积分时优先使用最早发放的积分。
`,
  },
];

/**
 * Points packages. Ids 1, 7 and 3 are the gift page's fixed samples (price 10 / 30 / 50 yuan), so they
 * are seeded with those ids.
 */
export const DEMO_PACKAGES = [
  {
    id: 1,
    name: '体验包',
    priceYuan: 10,
    discount: 100,
    discountYuan: null,
    credit: 100,
    gift: 0,
    sort: 1,
    type: PackageType.Purchasable,
    description: '轻度体验 AI 工具',
  },
  {
    id: 7,
    name: '进阶包',
    priceYuan: 30,
    discount: 100,
    discountYuan: null,
    credit: 300,
    gift: 150,
    sort: 2,
    type: PackageType.Purchasable,
    description: '最多人购买，赠送 150 积分',
  },
  {
    id: 3,
    name: '畅享包',
    priceYuan: 50,
    discount: 100,
    discountYuan: null,
    credit: 500,
    gift: 200,
    sort: 3,
    type: PackageType.Purchasable,
    description: '多次混剪、解说与字幕翻译',
  },
  {
    id: 4,
    name: '专业包',
    priceYuan: 100,
    discount: 80,
    discountYuan: 80,
    credit: 1000,
    gift: 600,
    sort: 4,
    type: PackageType.Purchasable,
    description: '限时 8 折',
  },
  {
    id: 5,
    name: '团队包',
    priceYuan: 300,
    discount: 85,
    discountYuan: 255,
    credit: 3000,
    gift: 2400,
    sort: 5,
    type: PackageType.Purchasable,
    description: '团队批量创作首选',
  },
  {
    id: 6,
    name: '挽留特惠包',
    priceYuan: 30,
    discount: 60,
    discountYuan: 18,
    credit: 300,
    gift: 100,
    sort: 6,
    type: PackageType.Retention,
    description: '限时挽留优惠',
  },
];

/** The running promotion whose countdown shows on the 50 and 100 yuan packages. */
export const DEMO_PROMOTION = { title: '双十二积分狂欢', days: 20 };

/**
 * The demo's background music: two tracks per style, rendered with ffmpeg (`buildMusicArgs`), never downloaded.
 * `root` is the key's tonic in Hz, `chords` the progression as semitone offsets of each chord's three notes from it.
 */
export interface DemoMusicTrack {
  key: string;
  style: MusicStyle;
  name: string;
  seconds: number;
  bpm: number;
  root: number;
  chords: readonly (readonly [number, number, number])[];
  /** `pluck`: a decaying arpeggio; `pad`: swelling held chords; both over a soft bass of the chord's root. */
  voice: 'pluck' | 'pad';
  /** A low drum on every beat (upbeat and epic tracks). */
  pulse: boolean;
}

const MAJOR = [
  [0, 4, 7],
  [7, 11, 14],
  [9, 12, 16],
  [5, 9, 12],
] as const;
const MINOR = [
  [0, 3, 7],
  [8, 12, 15],
  [3, 7, 10],
  [10, 14, 17],
] as const;
const TENSE = [
  [0, 3, 6],
  [1, 5, 8],
  [0, 3, 6],
  [6, 10, 13],
] as const;

export const DEMO_MUSIC: readonly DemoMusicTrack[] = [
  {
    key: 'soothing-1',
    style: 'soothing',
    name: '午后微风',
    seconds: 32,
    bpm: 68,
    root: 261.63,
    chords: MAJOR,
    voice: 'pad',
    pulse: false,
  },
  {
    key: 'soothing-2',
    style: 'soothing',
    name: '湖畔晨光',
    seconds: 28,
    bpm: 76,
    root: 293.66,
    chords: MAJOR,
    voice: 'pluck',
    pulse: false,
  },
  {
    key: 'upbeat-1',
    style: 'upbeat',
    name: '元气出发',
    seconds: 24,
    bpm: 124,
    root: 329.63,
    chords: MAJOR,
    voice: 'pluck',
    pulse: true,
  },
  {
    key: 'upbeat-2',
    style: 'upbeat',
    name: '街角汽水',
    seconds: 26,
    bpm: 116,
    root: 349.23,
    chords: MAJOR,
    voice: 'pluck',
    pulse: true,
  },
  {
    key: 'suspense-1',
    style: 'suspense',
    name: '暗夜追踪',
    seconds: 30,
    bpm: 84,
    root: 146.83,
    chords: TENSE,
    voice: 'pluck',
    pulse: false,
  },
  {
    key: 'suspense-2',
    style: 'suspense',
    name: '迷雾疑云',
    seconds: 34,
    bpm: 72,
    root: 164.81,
    chords: TENSE,
    voice: 'pad',
    pulse: false,
  },
  {
    key: 'sad-1',
    style: 'sad',
    name: '雨中告别',
    seconds: 36,
    bpm: 62,
    root: 220,
    chords: MINOR,
    voice: 'pad',
    pulse: false,
  },
  {
    key: 'sad-2',
    style: 'sad',
    name: '旧信笺',
    seconds: 30,
    bpm: 70,
    root: 246.94,
    chords: MINOR,
    voice: 'pluck',
    pulse: false,
  },
  {
    key: 'epic-1',
    style: 'epic',
    name: '王者归来',
    seconds: 28,
    bpm: 100,
    root: 196,
    chords: MINOR,
    voice: 'pad',
    pulse: true,
  },
  {
    key: 'epic-2',
    style: 'epic',
    name: '破晓决战',
    seconds: 26,
    bpm: 108,
    root: 174.61,
    chords: MINOR,
    voice: 'pluck',
    pulse: true,
  },
];
