/**
 * The workspace's guided tour (新手引导) with driver.js, loaded only when shown: nav, media, config, run, jobs, in
 * Chinese throughout (第 1/4 步); on a phone the first step points at the tool tabs at the top. It shows once (local
 * guide flag `basic`); finishing or closing it hides it, the top bar's button replays it.
 */
import { hideGuide, isGuideHidden } from '../../lib/tool/guide-flags';
import { tool as toolText } from '../../locales/zh-CN/tool';

const t = toolText.tour;

/** The tour on screen, if any: one at a time, however often the page asks while driver.js is still loading. */
let running: Promise<void> | null = null;
let shown = false;

/** Shows the tour: the first visit's (`replay` false) only while the guide flag is not set, checked once loaded. */
export function startToolTour(isMobile: boolean, { replay = false } = {}): Promise<void> {
  if (running || shown) return running ?? Promise.resolve();
  running = showTour(isMobile, replay).finally(() => {
    running = null;
  });
  return running;
}

async function showTour(isMobile: boolean, replay: boolean): Promise<void> {
  const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]);
  // Closed (or finished) while the code loaded, by another tab or an earlier tour: the first visit's tour stays away.
  if (!replay && isGuideHidden('basic')) return;
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
    // Every way out (关闭, Escape, a tap on the overlay, 完成) passes here. driver.js calls its onDestroyed only once a
    // step's 400 ms highlight has finished, so a creator who closed the tour as it appeared would see it again.
    onDestroyStarted: () => {
      shown = false;
      hideGuide('basic');
      tour.destroy();
    },
  });
  shown = true;
  tour.drive();
}
