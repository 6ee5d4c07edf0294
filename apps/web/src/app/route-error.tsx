/** What a route shows when it throws or its code fails to load (a deployment replaced the chunk): a way to reload. */
import { Button, Result } from '@arco-design/web-react';
import { text } from '../locales/zh-CN';
import styles from './route-error.module.css';

export function RouteError() {
  return (
    <div className={styles.page}>
      <Result
        status="error"
        title={text.common.pageLoadFailed}
        subTitle={text.common.pageLoadFailedHint}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {text.common.refresh}
          </Button>
        }
      />
    </div>
  );
}
