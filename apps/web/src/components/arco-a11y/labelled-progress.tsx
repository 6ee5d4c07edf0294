/**
 * Arco's Progress puts `role="progressbar"` on an inner element that takes no props, so the bar has no accessible
 * name. This wrapper gives that element the name a screen reader announces with the value.
 */
import { Progress, type ProgressProps } from '@arco-design/web-react';
import { setAttributeOnce, useDomFix } from './use-dom-fix';

export interface LabelledProgressProps extends ProgressProps {
  /** What the bar measures (e.g. 存储空间用量, or the file being uploaded). */
  label: string;
}

export function LabelledProgress({ label, ...props }: LabelledProgressProps) {
  const ref = useDomFix<HTMLDivElement>(
    (root) => setAttributeOnce(root.querySelector('[role="progressbar"]'), 'aria-label', label),
    [label],
  );
  return (
    <div ref={ref} style={{ display: 'contents' }}>
      <Progress {...props} />
    </div>
  );
}
