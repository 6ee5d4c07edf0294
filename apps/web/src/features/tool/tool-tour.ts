/**
 * The workspace's guided tour (新手引导) with driver.js, loaded only when shown: nav, media, config, run, jobs, in
 * Chinese throughout (第 1/4 步); on a phone the first step points at the tool tabs at the top. It shows once (local
 * guide flag `basic`, spec §3); finishing or closing it hides it, the top bar's button replays it.
 */
import { hideGuide } from '../../lib/tool/guide-flags';
import { tool as toolText } from '../../locales/zh-CN/tool';

const t = toolText.tour;

export async function startToolTour(isMobile: boolean): Promise<void> {
  const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]);
  const steps = (
    [
      ['nav', isMobile ? t.steps.navMobile : t.steps.nav],
      ['media', t.steps.media],
      ['config', t.steps.config],
      ['run', t.steps.run],
      ['jobs', t.steps.jobs],
    ] as const
  )
    .filter(([key]) => document.querySelector(`[data-tour="${key}"]`))
    .map(([key, step]) => ({
      element: `[data-tour="${key}"]`,
      popover: { title: step.title, description: step.description },
    }));
  if (steps.length === 0) return;
  const tour = driver({
    steps,
    showProgress: true,
    progressText: t.progress,
    // driver.js labels its close button in English.
    onPopoverRender: (popover) => popover.closeButton.setAttribute('aria-label', t.close),
    nextBtnText: t.next,
    prevBtnText: t.prev,
    doneBtnText: t.done,
    onDestroyed: () => hideGuide('basic'),
  });
  tour.drive();
}
