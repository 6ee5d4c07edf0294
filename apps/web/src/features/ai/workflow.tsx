/** The three-step workflow: 高效选剧 → 批量剪辑与去重 → 批量发布 (即将上线: publishing is not built yet). */
import { IconFire, IconRight, IconScissor, IconSend } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, toolPath } from '../../lib/paths';
import { ai as aiText } from '../../locales/zh-CN/ai';
import sectionStyles from './ai-page.module.css';
import styles from './workflow.module.css';

/** Where each step starts; batch publishing has no page yet. */
const STEP_LINKS: ReadonlyArray<{ icon: ReactNode; to: string | null }> = [
  { icon: <IconFire />, to: paths.task },
  { icon: <IconScissor />, to: toolPath('mixcut') },
  { icon: <IconSend />, to: null },
];

export function Workflow() {
  return (
    <section className={sectionStyles.section} id="workflow">
      <div className={sectionStyles.inner}>
        <h2 className={sectionStyles.title}>{aiText.steps.title}</h2>
        <p className={sectionStyles.subtitle}>{aiText.steps.subtitle}</p>
        <ol className={styles.steps}>
          {aiText.steps.items.map((step, index) => {
            const { icon, to } = STEP_LINKS[index]!;
            return (
              <li key={step.title} className={styles.step}>
                <div className={styles.head}>
                  <span className={styles.icon}>{icon}</span>
                  <span className={styles.number} aria-hidden="true" />
                </div>
                <h3 className={styles.stepTitle}>
                  {step.title}
                  {to === null && <span className={styles.soon}>{aiText.steps.comingSoon}</span>}
                </h3>
                <p className={styles.text}>{step.description}</p>
                {to !== null && (
                  <Link to={to} className={styles.action}>
                    {step.action}
                    <IconRight />
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
