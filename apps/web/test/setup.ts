/**
 * Setup of the unit project. In the web app's jsdom tests, Arco's toasts stay until cleared, and each file waits for
 * the transitions its last render started (modals fading, about 300 ms): their timers would otherwise fire after
 * the file's jsdom is gone and fail the run with "window is not defined".
 */
import { afterAll } from 'vitest';

if (typeof window !== 'undefined') {
  const { Message } = await import('@arco-design/web-react');
  Message.config({ duration: 0 });
  // Every dialog's frame is loaded lazily on first opening (components/app-modal.tsx). Loading it before the file's
  // tests keeps that first, possibly slow, module load out of the tests' one-second waits for a dialog to appear.
  await import('../src/components/app-modal-frame');
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 1000)));
}
