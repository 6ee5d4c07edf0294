/**
 * The workspace's guided tour (新手引导) with driver.js, loaded only when shown: nav, media, config, run, jobs. It
 * shows once (local guide flag `basic`, spec §3); finishing or closing it hides it, the top bar's button replays it.
 */
import { hideGuide } from '../../lib/tool/guide-flags';
import { tool as toolText } from '../../locales/zh-CN/tool';

const t = toolText.tour;

export async function startToolTour(): Promise<void> {
  const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]);
  const steps = (
    [
      ['nav', t.steps.nav],
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
    nextBtnText: t.next,
    prevBtnText: t.prev,
    doneBtnText: t.done,
    onDestroyed: () => hideGuide('basic'),
  });
  tour.drive();
}
