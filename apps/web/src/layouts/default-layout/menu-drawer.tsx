/** The phone's menu drawer of the top bar; its code is loaded the first time the menu button is pressed. */
import { AppDrawer } from '../../components/arco-a11y/app-drawer';
import { Brand } from '../../components/brand';
import { text } from '../../locales/zh-CN';
import { MainMenu } from './main-menu';
import styles from './top-bar.module.css';

export function MenuDrawer({
  visible,
  onClose,
  onSelect,
}: {
  visible: boolean;
  onClose: () => void;
  onSelect: (path: string) => void;
}) {
  return (
    <AppDrawer
      label={text.common.menu}
      placement="left"
      width={260}
      visible={visible}
      title={<Brand />}
      footer={null}
      onCancel={onClose}
      className={styles.drawer}
    >
      <MainMenu
        mode="vertical"
        onSelect={(path) => {
          onClose();
          onSelect(path);
        }}
      />
    </AppDrawer>
  );
}
