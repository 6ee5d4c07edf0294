/** Texts shared by every screen: product name, loading and empty states, generic failures. */
import { ClientMessages, ErrorMessages } from '@cc/contracts';

export const common = {
  appName: '创作者中心',
  loading: '加载中...',
  pageNumber: '页码',
  comingSoon: '即将上线',
  comingSoonHint: '该功能正在紧锣密鼓地开发中，敬请期待',
  loadFailed: ClientMessages.loadFailed,
  networkPoor: ClientMessages.networkPoor,
  sessionExpired: ErrorMessages.unauthorized,
  pageLoadFailed: '页面加载失败',
  pageLoadFailedHint: '网络异常或版本已更新，请刷新页面后重试',
  refresh: '刷新页面',
  retry: '重试',
  back: '返回',
  /** The name of a phone's menu drawer. */
  menu: '菜单',
  /** Links the server made on this machine's address (no PUBLIC_BASE_URL). */
  localLink: {
    title: '链接指向本机地址，他人无法打开',
    content: '服务未配置对外访问地址（PUBLIC_BASE_URL），分享出去的链接打不开。请联系运营人员配置后再分享。',
  },
  /** The way back of the profile's sub-pages. */
  backToProfile: '返回个人信息',
  save: '保存',
  cancel: '取消',
  edit: '修改',
  logoAlt: '创作者中心标志',
} as const;
