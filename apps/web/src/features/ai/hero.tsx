/** The landing hero: headline, the two calls to action, the product in figures, and a drawn workspace. */
import { Button } from '@arco-design/web-react';
import { IconCheckCircleFill, IconRight } from '@arco-design/web-react/icon';
import { CUT_TYPES, DEDUP_OPTIONS, FREE_CLAIM_POINTS, MAX_OUTPUT_COUNT, NAV_TOOLS } from '@cc/contracts';
import { Link } from 'react-router';
import { fillText } from '../../lib/fill-text';
import { paths } from '../../lib/paths';
import { useGuardedNavigate } from '../../lib/session/use-guarded-navigate';
import { ai as aiText } from '../../locales/zh-CN/ai';
import styles from './hero.module.css';

/** Figures from the product's own constants, so the page never promises more than the tools do. */
const STATS = [
  { value: NAV_TOOLS.length, ...aiText.hero.stats.tools },
  { value: DEDUP_OPTIONS.length, ...aiText.hero.stats.dedup },
  { value: CUT_TYPES.length, ...aiText.hero.stats.cutTypes },
  { value: MAX_OUTPUT_COUNT, ...aiText.hero.stats.outputs },
];

const TIMELINE = [
  [18, 30, 14, 22, 16],
  [26, 12, 34, 20],
  [60, 40],
];

/** A drawn workspace: a rendering preview, its timeline, and the result on a phone. Decorative. */
function HeroVisual() {
  const mock = aiText.hero.mock;
  return (
    <div className={styles.visual} aria-hidden="true">
      <div className={styles.window}>
        <div className={styles.windowBar}>
          <span className={styles.dots}>
            <i />
            <i />
            <i />
          </span>
          <span className={styles.windowTitle}>{mock.title}</span>
          <span className={styles.rendering}>{mock.rendering}</span>
        </div>
        <div className={styles.preview}>
          <div className={styles.screen}>
            <span className={styles.play} />
            <span className={styles.subtitleBar} />
          </div>
          <div className={styles.outputs}>
            {[0, 1, 2].map((i) => (
              <span key={i} className={styles.output} data-index={i} />
            ))}
          </div>
        </div>
        <div className={styles.tracks}>
          {TIMELINE.map((clips, row) => (
            <div key={mock.tracks[row]} className={styles.track}>
              <span className={styles.trackName}>{mock.tracks[row]}</span>
              <span className={styles.clips}>
                {clips.map((width, i) => (
                  <span key={i} className={styles.clip} data-row={row} style={{ flexGrow: width }} />
                ))}
              </span>
            </div>
          ))}
          <span className={styles.playhead} />
        </div>
        <div className={styles.progress}>
          <span />
        </div>
      </div>
      <div className={styles.phone}>
        <div className={styles.phoneScreen}>
          <span className={styles.phoneTag}>{mock.phoneTag}</span>
          <span className={styles.phoneTitle}>{mock.phoneTitle}</span>
        </div>
      </div>
      <div className={styles.toast}>
        <IconCheckCircleFill />
        {mock.done}
      </div>
    </div>
  );
}

export function Hero() {
  const goTo = useGuardedNavigate();
  return (
    <section className={styles.hero}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <span className={styles.badge}>{aiText.hero.badge}</span>
          <h1 className={styles.title}>
            {aiText.hero.title}
            <span className={styles.highlight}>{aiText.hero.highlight}</span>
          </h1>
          <p className={styles.subtitle}>{aiText.hero.subtitle}</p>
          <div className={styles.actions}>
            <Button
              type="primary"
              size="large"
              shape="round"
              className={styles.cta}
              onClick={() => goTo(paths.tool, { loginFirst: true })}
            >
              {aiText.hero.cta}
              <IconRight />
            </Button>
            <Link to={paths.task} className={styles.secondary}>
              {aiText.hero.secondary}
            </Link>
          </div>
          <p className={styles.note}>{fillText(aiText.hero.note, { points: FREE_CLAIM_POINTS })}</p>
        </div>
        <HeroVisual />
      </div>
      <dl className={styles.stats}>
        {STATS.map((stat) => (
          <div key={stat.label} className={styles.stat}>
            <dt>{stat.label}</dt>
            <dd>
              <strong>{stat.value}</strong>
              {stat.unit}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
