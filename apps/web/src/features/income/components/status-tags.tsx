/**
 * Status tags: the withdrawal's display text coloured by its style group (waiting, reject, complete) and
 * the share's settlement status (待结算, 已结算). Texts come from the server, which takes them from the contracts.
 */
import { Tag } from '@arco-design/web-react';
import { SettStatus, type OutStatusStyle } from '@cc/contracts';

const OUT_STATUS_COLORS: Record<OutStatusStyle, string> = {
  waiting: 'orange',
  reject: 'red',
  complete: 'green',
};

// A status is text in a row, which no role is named by: tests find it by test id.
export function OutStatusTag({ text, style }: { text: string; style: OutStatusStyle }) {
  return (
    <Tag color={OUT_STATUS_COLORS[style]} data-testid="out-status" data-style={style}>
      {text}
    </Tag>
  );
}

export function SettStatusTag({ status, text }: { status: number; text: string }) {
  const settled = status === SettStatus.Settled;
  return (
    <Tag color={settled ? 'green' : 'orange'} data-testid="sett-status" data-status={status}>
      {text}
    </Tag>
  );
}
