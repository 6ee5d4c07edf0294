/** The new-version notice: shown while the deployment's `new_version` flag is '1'; '立即体验' clears it and reloads. */
import { Button } from '@arco-design/web-react';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { LocalKey, localStore } from '../../lib/storage';
import { text } from '../../locales/zh-CN';
import styles from './new-version-notice.module.css';

const NOTICE_WIDTH = 400;

function experienceNow() {
  localStore.remove(LocalKey.newVersion);
  window.location.reload();
}

export function NewVersionNotice() {
  const [visible, setVisible] = useState(() => localStore.get(LocalKey.newVersion) === '1');
  return (
    <AppModal
      title={text.layout.newVersion.title}
      visible={visible}
      width={NOTICE_WIDTH}
      onCancel={() => setVisible(false)}
      footer={
        <Button type="primary" long onClick={experienceNow}>
          {text.layout.newVersion.confirm}
        </Button>
      }
    >
      <p className={styles.content}>{text.layout.newVersion.content}</p>
    </AppModal>
  );
}
