/**
 * The promotion button: asks an anonymous visitor to log in; `toTask` goes to the task center and closes
 * the apply modal; `toDetail` opens the task's detail; otherwise it receives the task and opens the promotion dialog.
 */
import { Button, Message, type ButtonProps } from '@arco-design/web-react';
import { ErrorCode, type TaskType } from '@cc/contracts';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { closeApplyModal } from '../../lib/apply-modal';
import { isSuccess } from '../../lib/api-error';
import { paths, taskDetailPath } from '../../lib/paths';
import { openPromotionDialog } from '../../lib/promotion/promotion-dialog-store';
import { taskQueryKey } from '../../lib/promotion/query-keys';
import { useReceiveTask } from './receive-task';
import { queryClient } from '../../lib/query-client';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { text } from '../../locales/zh-CN';

/** What the button needs to know of a task to receive it or open it. */
export interface PromotionTask {
  task_id: number;
  task_type: number;
  app_id?: number;
  serial_name: string;
  app_name: string;
}

export type PromotionButtonProps = Omit<ButtonProps, 'onClick' | 'loading'> & {
  task?: PromotionTask;
  /** Go to the task center (the approval dialog's '去推广'). */
  toTask?: boolean;
  /** Open the task's detail page instead of receiving it. */
  toDetail?: boolean;
  children?: ReactNode;
};

export function PromotionButton({
  task,
  toTask = false,
  toDetail = false,
  children,
  ...buttonProps
}: PromotionButtonProps) {
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const receive = useReceiveTask();

  async function receiveAndShow(target: PromotionTask) {
    const result = await receive.mutateAsync({ task_id: target.task_id, task_type: target.task_type as TaskType });
    if (!isSuccess(result)) {
      // A 401 already said the session expired and opened the login modal.
      if (result.code !== ErrorCode.unauthorized) Message.error(text.promotion.receiveFailed);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: taskQueryKey });
    openPromotionDialog({
      result: result.body,
      serialName: target.serial_name,
      appName: target.app_name,
      taskType: target.task_type,
    });
  }

  function promote(event: Pick<MouseEvent, 'stopPropagation'>) {
    // Cards around the button open the task's detail on click; this click is the button's alone.
    event.stopPropagation();
    if (!isLoggedIn) openLoginModal();
    else if (toTask) {
      closeApplyModal();
      void navigate(paths.task);
    } else if (task && toDetail) void navigate(taskDetailPath(task));
    else if (task && !receive.isPending) void receiveAndShow(task);
  }

  return (
    <Button type="primary" {...buttonProps} loading={receive.isPending} onClick={promote}>
      {children ?? (toTask ? text.promotion.toTask : text.promotion.button)}
    </Button>
  );
}
