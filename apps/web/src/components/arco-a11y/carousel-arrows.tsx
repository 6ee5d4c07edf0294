/**
 * Icons for Arco Carousel's arrows that also name them: Arco renders each arrow as an icon-only
 * `role="button"` element that takes no aria props, so the name rides in as hidden text beside the icon.
 */
import type { CarouselProps } from '@arco-design/web-react';
import { IconLeft, IconRight } from '@arco-design/web-react/icon';

export function carouselArrows(previous: string, next: string): NonNullable<CarouselProps['icons']> {
  return {
    prev: (
      <>
        <IconLeft />
        <span className="visually-hidden">{previous}</span>
      </>
    ),
    next: (
      <>
        <IconRight />
        <span className="visually-hidden">{next}</span>
      </>
    ),
  };
}
