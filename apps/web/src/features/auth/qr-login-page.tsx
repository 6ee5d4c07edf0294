/**
 * /qr-login?id=… — where a phone lands after scanning a desktop's login QR. Opening it marks the QR
 * scanned; the creator sees which browser asks and confirms or cancels. Not logged in: log in here first.
 */
import { Button, Result, Spin } from '@arco-design/web-react';
import { IconDesktop } from '@arco-design/web-react/icon';
import { authApi, type QrInfoResponse } from '@cc/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../lib/api-client';
import { isSuccess } from '../../lib/api-error';
import { paths } from '../../lib/paths';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { text } from '../../locales/zh-CN';
import styles from './qr-login-page.module.css';

type PageState =
  | { kind: 'loading' }
  | { kind: 'ask'; info: QrInfoResponse }
  | { kind: 'done'; decision: 'confirm' | 'cancel' }
  | { kind: 'invalid'; message: string };

const copy = text.auth.confirm;

export function QrLoginPage() {
  const [searchParams] = useSearchParams();
  const qrId = searchParams.get('id');
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [deciding, setDeciding] = useState<'confirm' | 'cancel' | null>(null);

  useEffect(() => {
    if (!qrId || !isLoggedIn) return;
    let current = true;
    void call(authApi.scanQr, { body: { qr_id: qrId } }).then((result) => {
      if (!current) return;
      setState(
        isSuccess(result)
          ? { kind: 'ask', info: result.body }
          : { kind: 'invalid', message: result.msg || copy.missingId },
      );
    });
    return () => {
      current = false;
    };
  }, [qrId, isLoggedIn]);

  async function decide(decision: 'confirm' | 'cancel') {
    if (!qrId || deciding) return;
    setDeciding(decision);
    const result = await call(decision === 'confirm' ? authApi.confirmQr : authApi.cancelQr, { body: { qr_id: qrId } });
    setDeciding(null);
    setState(
      isSuccess(result) ? { kind: 'done', decision } : { kind: 'invalid', message: result.msg || copy.missingId },
    );
  }

  const toTask = (
    <Button type="primary" onClick={() => navigate(paths.task)}>
      {copy.toTask}
    </Button>
  );

  let content;
  if (!qrId) {
    content = <Result status="warning" title={copy.invalidTitle} subTitle={copy.missingId} extra={toTask} />;
  } else if (!isLoggedIn) {
    content = (
      <Result
        icon={<IconDesktop className={styles.icon} />}
        title={copy.heading}
        subTitle={copy.needLogin}
        extra={
          <Button type="primary" size="large" long onClick={() => openLoginModal()}>
            {copy.login}
          </Button>
        }
      />
    );
  } else if (state.kind === 'loading') {
    content = <Spin tip={copy.loading} className={styles.loading} />;
  } else if (state.kind === 'invalid') {
    content = <Result status="warning" title={copy.invalidTitle} subTitle={state.message} extra={toTask} />;
  } else if (state.kind === 'done') {
    content = (
      <Result
        status={state.decision === 'confirm' ? 'success' : 'info'}
        title={state.decision === 'confirm' ? copy.confirmed : copy.cancelled}
        extra={toTask}
      />
    );
  } else {
    content = (
      <div className={styles.ask}>
        <IconDesktop className={styles.icon} />
        <h2 className={styles.heading}>{copy.heading}</h2>
        <p className={styles.text}>{copy.text}</p>
        <dl className={styles.facts}>
          <dt>{copy.device}</dt>
          <dd>{state.info.device}</dd>
          <dt>{copy.ip}</dt>
          <dd>{state.info.ip}</dd>
        </dl>
        <Button
          type="primary"
          size="large"
          long
          loading={deciding === 'confirm'}
          disabled={deciding === 'cancel'}
          onClick={() => void decide('confirm')}
        >
          {copy.allow}
        </Button>
        <Button
          size="large"
          long
          loading={deciding === 'cancel'}
          disabled={deciding === 'confirm'}
          onClick={() => void decide('cancel')}
        >
          {copy.deny}
        </Button>
      </div>
    );
  }

  return (
    <section className={styles.page} aria-label={copy.title}>
      {content}
    </section>
  );
}
