/** The home page (/home): a welcome with the way to the task center and the AI tools. */
import { Button } from '@arco-design/web-react';
import { IconFire, IconRight, IconRobot, IconTrophy } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { text } from '../../locales/zh-CN';
import styles from './home-page.module.css';

const highlights = [
  { key: 'task', icon: <IconFire />, ...text.home.highlights.task },
  { key: 'income', icon: <IconTrophy />, ...text.home.highlights.income },
  { key: 'ai', icon: <IconRobot />, ...text.home.highlights.ai },
];

export function HomePage() {
  const navigate = useNavigate();
  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <h1 className={styles.title}>{text.home.title}</h1>
        <p className={styles.intro}>{text.home.intro}</p>
        <div className={styles.actions}>
          <Button type="primary" size="large" className={styles.action} onClick={() => void navigate(paths.task)}>
            {text.home.toTask}
            <IconRight />
          </Button>
          <Button type="outline" size="large" className={styles.action} onClick={() => void navigate(paths.ai)}>
            {text.home.toAi}
          </Button>
        </div>
      </section>
      <ul className={styles.highlights}>
        {highlights.map((highlight) => (
          <li key={highlight.key} className={styles.highlight}>
            <span className={styles.highlightIcon}>{highlight.icon}</span>
            <h2 className={styles.highlightTitle}>{highlight.title}</h2>
            <p className={styles.highlightText}>{highlight.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
