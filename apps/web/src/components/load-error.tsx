/** A list or page that failed to load: the generic text ('获取数据失败，请重试') and a retry button. */
import { Button, Empty } from '@arco-design/web-react';
import { IconExclamationCircle, IconRefresh } from '@arco-design/web-react/icon';
import { text } from '../locales/zh-CN';
import styles from './empty-state.module.css';

interface LoadErrorProps {
  onRetry: () => void;
  /** The server's message when it gave one. */
  message?: string;
  retrying?: boolean;
}

export function LoadError({ onRetry, message, retrying = false }: LoadErrorProps) {
  return (
    <Empty
      className={styles.empty}
      icon={<IconExclamationCircle className={styles.errorIcon} />}
      description={
        <>
          <div className={styles.description} role="alert">
            {message || text.common.loadFailed}
          </div>
          <div className={styles.action}>
            <Button type="primary" icon={<IconRefresh />} loading={retrying} onClick={onRetry}>
              {text.common.retry}
            </Button>
          </div>
        </>
      }
    />
  );
}
