/** Web-storage access that survives browsers where storage is blocked (private mode, disabled cookies). */

/**
 * Keys the app keeps in localStorage. `new_version` is set by the deployment to announce a release;
 * `retention_offer` holds the retention offer's end time so its 59:59 survives a reload. `device_id` is this
 * browser's random id, binding a money session to it (ADR 0026).
 */
export const LocalKey = {
  token: 'token',
  newVersion: 'new_version',
  guide: 'tool_guide',
  deviceId: 'device_id',
} as const;
/** Keys the app keeps in sessionStorage: the referral of the visit, kept while the tab lives. */
export const SessionKey = { inviteCode: 'invite_code', channelFrom: 'channel_from', landingCq: 'landing_cq' } as const;

type LocalKey = (typeof LocalKey)[keyof typeof LocalKey];
type SessionKey = (typeof SessionKey)[keyof typeof SessionKey];

function storageArea(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function read(area: Storage | null, key: string): string | null {
  try {
    return area?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(area: Storage | null, key: string, value: string | null): void {
  try {
    if (value === null) area?.removeItem(key);
    else area?.setItem(key, value);
  } catch {
    // A full or blocked storage only costs persistence; the in-memory state still works for this page.
  }
}

export const localStore = {
  get: (key: LocalKey) => read(storageArea('localStorage'), key),
  set: (key: LocalKey, value: string) => write(storageArea('localStorage'), key, value),
  remove: (key: LocalKey) => write(storageArea('localStorage'), key, null),
};

export const sessionStore = {
  get: (key: SessionKey) => read(storageArea('sessionStorage'), key),
  set: (key: SessionKey, value: string) => write(storageArea('sessionStorage'), key, value),
  remove: (key: SessionKey) => write(storageArea('sessionStorage'), key, null),
};
