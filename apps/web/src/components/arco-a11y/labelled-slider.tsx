/**
 * Arco's Slider puts `role="slider"` on its handle, which takes no props, so the slider has no accessible name. This
 * wrapper names the handle (read out with its value).
 */
import { Slider, type SliderProps } from '@arco-design/web-react';
import { setAttributeOnce, useDomFix } from './use-dom-fix';

export interface LabelledSliderProps extends SliderProps {
  /** What the slider sets (e.g. 字号). */
  label: string;
}

export function LabelledSlider({ label, ...props }: LabelledSliderProps) {
  const ref = useDomFix<HTMLDivElement>(
    (root) =>
      root.querySelectorAll('[role="slider"]').forEach((handle) => setAttributeOnce(handle, 'aria-label', label)),
    [label],
  );
  return (
    <div ref={ref} style={{ display: 'contents' }}>
      <Slider {...props} />
    </div>
  );
}
