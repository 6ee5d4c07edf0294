/**
 * The 扫码登录 tab of the login modal: shows a two-minute QR, polls its status, and logs in with the
 * token the server hands this browser once the phone confirms. An expired or cancelled QR offers a fresh one.
 */
import { IconRefresh } from '@arco-design/web-react/icon';
import { authApi, ErrorCode, QR_LOGIN_POLL_MS, type QrLoginStatus } from '@cc/contracts';
import { useEffect, useRef, useState } from 'react';
import { QrImage } from '../../../components/qr-image';
import { call } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { fillText } from '../../../lib/fill-text';
import { useNow } from '../../../lib/use-now';
import { text } from '../../../locales/zh-CN';
import { completeLogin } from './complete-login';
import styles from './qr-login-panel.module.css';

const QR_PIXELS = 176;

interface ShownQr {
  id: string;
  url: string;
  expiresAt: number;
}

type PanelState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'shown'; qr: ShownQr; status: QrLoginStatus };

/** The statuses after which polling stops and only a new QR helps. */
const FINAL: ReadonlySet<QrLoginStatus> = new Set(['expired', 'cancelled']);

export function QrLoginPanel({ redirect }: { redirect: string | null }) {
  const [state, setState] = useState<PanelState>({ kind: 'loading' });
  const generation = useRef(0);

  // Each round is one QR: the first on mount, another per refresh.
  const [round, setRound] = useState(0);

  const refresh = () => {
    setState({ kind: 'loading' });
    setRound((current) => current + 1);
  };

  useEffect(() => {
    const mine = ++generation.current;
    void call(authApi.createQr).then((result) => {
      if (mine !== generation.current) return;
      if (!isSuccess(result)) return setState({ kind: 'failed' });
      const { qr_id, qr_url, expires_at } = result.body;
      setState({ kind: 'shown', status: 'waiting', qr: { id: qr_id, url: qr_url, expiresAt: Date.parse(expires_at) } });
    });
    return () => {
      // Unmounted (tab switched, modal closed) or replaced: answers still in flight are for nobody.
      generation.current += 1;
    };
  }, [round]);

  const qrId = state.kind === 'shown' ? state.qr.id : null;
  const polling = state.kind === 'shown' && !FINAL.has(state.status);
  useEffect(() => {
    if (!qrId || !polling) return;
    const mine = generation.current;
    const controller = new AbortController();
    let busy = false;
    const timer = window.setInterval(async () => {
      if (busy) return;
      busy = true;
      const result = await call(authApi.checkQr, { body: { qr_id: qrId }, signal: controller.signal });
      busy = false;
      if (mine !== generation.current || controller.signal.aborted) return;
      // A lost network keeps polling; a refused poll (used, unknown, another browser's) needs a new QR.
      if (result.code === ErrorCode.noResponse) return;
      const status: QrLoginStatus = isSuccess(result) ? result.body.status : 'expired';
      setState((current) => (current.kind === 'shown' ? { ...current, status } : current));
      if (isSuccess(result) && result.body.access_token) {
        generation.current += 1;
        await completeLogin(result.body.access_token, false, redirect);
      }
    }, QR_LOGIN_POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [qrId, polling, redirect]);

  const now = useNow();
  const secondsLeft = state.kind === 'shown' ? Math.max(0, Math.ceil((state.qr.expiresAt - now) / 1000)) : 0;
  const status: QrLoginStatus | null =
    state.kind !== 'shown' ? null : state.status === 'waiting' && secondsLeft === 0 ? 'expired' : state.status;
  const stale = state.kind === 'failed' || (status !== null && FINAL.has(status));

  return (
    // The content of the 扫码登录 tab, named by it. `data-qr-status` shows the code's state to the tests.
    <div className={styles.panel} role="tabpanel" aria-label={text.auth.tabs.qr} data-qr-status={status ?? state.kind}>
      <div className={styles.frame}>
        {state.kind === 'shown' && (
          <div>
            <QrImage value={state.qr.url} size={QR_PIXELS} alt={text.auth.qr.alt} />
          </div>
        )}
        {state.kind === 'loading' && <QrImage value="" size={QR_PIXELS} alt="" />}
        {stale && (
          <button type="button" className={styles.overlay} onClick={refresh}>
            <IconRefresh className={styles.refreshIcon} />
            <span>{state.kind === 'failed' ? text.auth.qr.loadFailed : text.auth.qr.status[status!]}</span>
            <span className={styles.refreshLabel}>{text.auth.qr.refresh}</span>
          </button>
        )}
      </div>
      <p className={styles.status} data-scanned={status === 'scanned' || undefined}>
        {status && !stale ? text.auth.qr.status[status] : '\u00a0'}
      </p>
      <p className={styles.hint}>
        {text.auth.qr.hint}
        {status === 'waiting' && <span> · {fillText(text.auth.qr.expiresIn, { n: secondsLeft })}</span>}
      </p>
    </div>
  );
}
