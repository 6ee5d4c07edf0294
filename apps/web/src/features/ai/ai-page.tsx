/**
 * The AI landing page (/ai): hero, the six tools in a carousel, the three-step workflow and a call to
 * action. The nav and the footer belong to its layout.
 */
import { Button } from '@arco-design/web-react';
import { FREE_CLAIM_POINTS } from '@cc/contracts';
import { Link } from 'react-router';
import { fillText } from '../../lib/fill-text';
import { paths } from '../../lib/paths';
import { useGuardedNavigate } from '../../lib/session/use-guarded-navigate';
import { ai as aiText } from '../../locales/zh-CN/ai';
import styles from './ai-page.module.css';
import { Hero } from './hero';
import { ToolShowcase } from './tool-showcase';
import { Workflow } from './workflow';

function CallToAction() {
  const goTo = useGuardedNavigate();
  return (
    <section className={styles.cta}>
      <div className={styles.ctaInner}>
        <div>
          <h2 className={styles.ctaTitle}>{aiText.cta.title}</h2>
          <p className={styles.ctaText}>{fillText(aiText.cta.subtitle, { points: FREE_CLAIM_POINTS })}</p>
        </div>
        <div className={styles.ctaActions}>
          <Button
            size="large"
            shape="round"
            className={styles.ctaPrimary}
            onClick={() => goTo(paths.tool, { loginFirst: true })}
          >
            {aiText.cta.primary}
          </Button>
          <Link to={paths.gift} className={styles.ctaSecondary}>
            {aiText.cta.secondary}
          </Link>
        </div>
      </div>
    </section>
  );
}

export function AiPage() {
  return (
    <>
      <Hero />
      <ToolShowcase />
      <Workflow />
      <CallToAction />
    </>
  );
}
