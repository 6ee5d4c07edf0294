/**
 * The '审核通过' dialog (the layout's apply modal): shown once after the onboarding application passes, with
 * the promotion button's `toTask` variant. However it closes, the server is told it was seen.
 */
import { IconCheckCircleFill } from '@arco-design/web-react/icon';
import { useEffect } from 'react';
import { AppModal } from '../app-modal';
import { PromotionButton } from '../promotion/promotion-button';
import { closeApplyModal, onApplyModalClose, openApplyModal, useApplyModalVisible } from '../../lib/apply-modal';
import { text } from '../../locales/zh-CN';
import { useAckApproval } from './ack-approval';
import { useApplyStatus } from '../../lib/apply/get-apply-status';
import styles from './approval-dialog.module.css';

const DIALOG_WIDTH = 440;

export function ApprovalDialog() {
  const status = useApplyStatus();
  const visible = useApplyModalVisible();
  const { mutate: acknowledge } = useAckApproval();
  const pending = status.data?.application?.show_approved_dialog === true;

  useEffect(() => {
    if (!pending) return;
    openApplyModal();
    return onApplyModalClose(() => acknowledge());
  }, [pending, acknowledge]);

  return (
    <AppModal
      title={text.user.approval.title}
      visible={visible}
      width={DIALOG_WIDTH}
      onCancel={closeApplyModal}
      footer={
        <PromotionButton toTask long size="large">
          {text.promotion.toTask}
        </PromotionButton>
      }
    >
      <div className={styles.body}>
        <IconCheckCircleFill className={styles.icon} />
        <h3 className={styles.heading}>{text.user.approval.heading}</h3>
        <p className={styles.content}>{text.user.approval.content}</p>
      </div>
    </AppModal>
  );
}
