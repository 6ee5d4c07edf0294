/** A button that copies a text and says so (or says how to copy by hand when the browser refuses). */
import { Button, Message, type ButtonProps } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { copyText } from '../../../lib/clipboard';
import { team as t } from '../../../locales/zh-CN/team';

interface CopyButtonProps extends Pick<ButtonProps, 'type' | 'size' | 'className'> {
  value: string;
  label: string;
  done: string;
}

export function CopyButton({ value, label, done, type = 'secondary', size, className }: CopyButtonProps) {
  async function copy() {
    if (await copyText(value)) Message.success(done);
    else Message.warning(t.invite.copyFailed);
  }
  return (
    <Button type={type} size={size} className={className} icon={<IconCopy />} onClick={() => void copy()}>
      {label}
    </Button>
  );
}
