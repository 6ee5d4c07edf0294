/**
 * Deployment settings the web app is built with (Vite environment variables, documented in README): the external
 * tutorial and the company registration line of the landing page's footer. Unset, a fresh clone shows the help pages,
 * and the footer leaves out the company and the ICP filing rather than showing made-up ones.
 */
import { paths } from './paths';

/** The public lookup of ICP filings, where a filing number links (MIIT requires the link on the site). */
const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';

function setting(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

const guideUrl = setting(import.meta.env.VITE_GUIDE_URL);

export const siteConfig = {
  /** The tutorial (教程, 使用指南): an external address when configured, else the help pages. */
  guideUrl: guideUrl ?? paths.help,
  guideIsExternal: guideUrl !== null && /^https?:\/\//i.test(guideUrl),
  /** 公司名称 of the registration line; null leaves it out. */
  companyName: setting(import.meta.env.VITE_COMPANY_NAME),
  /** ICP备案号; null leaves it out. */
  icpNumber: setting(import.meta.env.VITE_ICP_NUMBER),
  icpLookupUrl: ICP_LOOKUP_URL,
} as const;
