/** The AI landing page (/ai): hero with the call to action and the three-step workflow. */
import { Button } from '@arco-design/web-react';
import { IconRight } from '@arco-design/web-react/icon';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useGuardedNavigate } from '../../lib/session/use-guarded-navigate';
import { text } from '../../locales/zh-CN';
import styles from './ai-page.module.css';

export function AiPage() {
  const goTo = useGuardedNavigate();
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <span className={styles.badge}>{text.ai.hero.badge}</span>
          <h1 className={styles.title}>{text.ai.hero.title}</h1>
          <p className={styles.subtitle}>{text.ai.hero.subtitle}</p>
          <div className={styles.actions}>
            <Button
              type="primary"
              size="large"
              shape="round"
              className={styles.cta}
              onClick={() => goTo(paths.tool, { loginFirst: true })}
            >
              {text.ai.hero.cta}
              <IconRight />
            </Button>
            <Link to={paths.task} className={styles.secondary}>
              {text.ai.hero.secondary}
            </Link>
          </div>
        </div>
      </section>
      <section className={styles.steps}>
        <h2 className={styles.stepsTitle}>{text.ai.steps.title}</h2>
        <ol className={styles.stepList}>
          {text.ai.steps.items.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber}>{String(index + 1).padStart(2, '0')}</span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.description}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
