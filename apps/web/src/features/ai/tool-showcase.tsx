/**
 * The six AI tools in an Arco carousel: a row of tool tabs drives the slides, each with a
 * drawing, what the tool does and a way in (login first when logged out).
 */
import { Button, Carousel } from '@arco-design/web-react';
import { IconCheck, IconRight } from '@arco-design/web-react/icon';
import { COMING_SOON_TOOLS, NAV_TOOLS, TOOL_LABELS, type NavTool } from '@cc/contracts';
import { useState } from 'react';
import { carouselArrows } from '../../components/arco-a11y/carousel-arrows';
import { ToolIcon } from '../../components/tool-icon';
import { toolPath } from '../../lib/paths';
import { useGuardedNavigate } from '../../lib/session/use-guarded-navigate';
import { ai as aiText } from '../../locales/zh-CN/ai';
import sectionStyles from './ai-page.module.css';
import styles from './tool-showcase.module.css';
import { ToolIllustration } from './tool-illustration';

const AUTO_PLAY_MS = 5000;

function Phrases({ parts }: { parts: readonly string[] }) {
  return parts.map((part) => (
    <span key={part} className={sectionStyles.phrase}>
      {part}
    </span>
  ));
}

function ToolSlide({ tool, onOpen }: { tool: NavTool; onOpen: () => void }) {
  const comingSoon = COMING_SOON_TOOLS.includes(tool);
  const copy = aiText.tools.items[tool];
  return (
    <div className={styles.slide}>
      <div className={styles.art} data-tool={tool}>
        <ToolIllustration tool={tool} className={styles.drawing} />
      </div>
      <div className={styles.copy}>
        <h3 className={styles.name}>
          {TOOL_LABELS[tool]}
          {comingSoon && <span className={styles.soon}>{aiText.tools.comingSoon}</span>}
        </h3>
        <p className={styles.summary}>{copy.summary}</p>
        <ul className={styles.points}>
          {copy.points.map((point) => (
            <li key={point}>
              <IconCheck />
              {point}
            </li>
          ))}
        </ul>
        <Button type={comingSoon ? 'outline' : 'primary'} shape="round" onClick={onOpen}>
          {comingSoon ? aiText.tools.preview : aiText.tools.open}
          <IconRight />
        </Button>
      </div>
    </div>
  );
}

export function ToolShowcase() {
  const goTo = useGuardedNavigate();
  const [current, setCurrent] = useState(0);
  return (
    <section className={`${sectionStyles.section} ${sectionStyles.tinted}`} id="tools">
      <div className={sectionStyles.inner}>
        <h2 className={sectionStyles.title}>
          <Phrases parts={aiText.tools.title} />
        </h2>
        <p className={sectionStyles.subtitle}>
          <Phrases parts={aiText.tools.subtitle} />
        </p>
        <div className={styles.tabs} role="tablist" aria-label={aiText.nav.tools}>
          {NAV_TOOLS.map((tool, index) => (
            <button
              key={tool}
              type="button"
              role="tab"
              aria-selected={index === current}
              className={index === current ? `${styles.tab} ${styles.tabActive}` : styles.tab}
              onClick={() => setCurrent(index)}
            >
              <ToolIcon tool={tool} />
              {TOOL_LABELS[tool]}
            </button>
          ))}
        </div>
        <Carousel
          className={styles.carousel}
          currentIndex={current}
          onChange={(index) => setCurrent(index)}
          autoPlay={{ interval: AUTO_PLAY_MS, hoverToPause: true }}
          animation="slide"
          showArrow="hover"
          icons={carouselArrows(aiText.tools.previous, aiText.tools.next)}
          indicatorType="line"
          indicatorPosition="outer"
        >
          {NAV_TOOLS.map((tool) => (
            <div key={tool}>
              <ToolSlide tool={tool} onOpen={() => goTo(toolPath(tool), { loginFirst: true })} />
            </div>
          ))}
        </Carousel>
      </div>
    </section>
  );
}
