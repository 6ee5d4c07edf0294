/** The loading indicator: a spinner reading '加载中...', for lazy pages and for the user loading. */
import { Spin } from '@arco-design/web-react';
import { text } from '../locales/zh-CN';
import styles from './loading.module.css';

export function Loading() {
  return (
    <div className={styles.loading} role="status">
      <Spin tip={text.common.loading} />
    </div>
  );
}
