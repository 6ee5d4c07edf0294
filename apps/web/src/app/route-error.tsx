/**
 * What a route shows when it throws or its code fails to load (a deployment replaced the chunk): a way to reload.
 * It lives in the entry chunk, so it is drawn by hand in Arco's colours instead of with Arco's Result, whose 403, 404
 * and 500 illustrations would add some 75 KB to every first load.
 */
import { Button } from '@arco-design/web-react';
import { IconClose } from '@arco-design/web-react/icon';
import { text } from '../locales/zh-CN';
import styles from './route-error.module.css';

export function RouteError() {
  return (
    <div className={styles.page}>
      <div className={styles.result} role="alert">
        <span className={styles.icon}>
          <IconClose />
        </span>
        <div className={styles.title}>{text.common.pageLoadFailed}</div>
        <div className={styles.subtitle}>{text.common.pageLoadFailedHint}</div>
        <Button type="primary" className={styles.action} onClick={() => window.location.reload()}>
          {text.common.refresh}
        </Button>
      </div>
    </div>
  );
}
