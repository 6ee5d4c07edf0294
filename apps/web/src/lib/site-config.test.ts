import { afterEach, describe, expect, it, vi } from 'vitest';

async function loadSiteConfig() {
  vi.resetModules();
  return (await import('./site-config')).siteConfig;
}

describe('site settings', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('a fresh clone opens the help pages as the tutorial and leaves the company and ICP filing out', async () => {
    vi.stubEnv('VITE_GUIDE_URL', '');
    vi.stubEnv('VITE_COMPANY_NAME', '');
    vi.stubEnv('VITE_ICP_NUMBER', '  ');
    expect(await loadSiteConfig()).toMatchObject({
      guideUrl: '/help',
      guideIsExternal: false,
      companyName: null,
      icpNumber: null,
    });
  });

  it('takes the tutorial address, the company and the ICP number from the build', async () => {
    vi.stubEnv('VITE_GUIDE_URL', 'https://docs.example.com/tutorial');
    vi.stubEnv('VITE_COMPANY_NAME', '示例科技有限公司');
    vi.stubEnv('VITE_ICP_NUMBER', '京ICP备12345678号-1');
    expect(await loadSiteConfig()).toMatchObject({
      guideUrl: 'https://docs.example.com/tutorial',
      guideIsExternal: true,
      companyName: '示例科技有限公司',
      icpNumber: '京ICP备12345678号-1',
    });
  });
});
