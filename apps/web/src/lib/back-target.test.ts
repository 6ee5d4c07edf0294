import { describe, expect, it } from 'vitest';
import { backTarget } from './back-target';

const base = { origin: 'http://192.168.1.5:8080', currentPath: '/tool', hasPreviousEntry: false, referrer: '' };

describe('backTarget', () => {
  it('goes back in history when the app has an earlier entry', () => {
    expect(backTarget({ ...base, hasPreviousEntry: true, referrer: 'http://192.168.1.5:8080/task' }, '/ai')).toEqual({
      kind: 'history',
    });
  });

  it('goes to the same-origin page that opened a new window, with its query', () => {
    expect(backTarget({ ...base, referrer: 'http://192.168.1.5:8080/task?tab=2' }, '/ai')).toEqual({
      kind: 'path',
      path: '/task?tab=2',
    });
  });

  it('falls back to the landing page for other sites, itself, or no referrer', () => {
    expect(backTarget({ ...base, referrer: 'https://example.com/x' }, '/ai')).toEqual({ kind: 'path', path: '/ai' });
    expect(backTarget({ ...base, referrer: 'http://192.168.1.5:8080/tool' }, '/ai')).toEqual({
      kind: 'path',
      path: '/ai',
    });
    expect(backTarget(base, '/ai')).toEqual({ kind: 'path', path: '/ai' });
  });
});
