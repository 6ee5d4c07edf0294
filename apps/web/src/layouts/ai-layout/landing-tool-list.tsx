/** The six tools as choices of the landing nav: a two-column panel under AI 工具, or tiles in the phone's drawer. */
import { COMING_SOON_TOOLS, NAV_TOOLS, TOOL_LABELS, type NavTool } from '@cc/contracts';
import { ToolIcon } from '../../components/tool-icon';
import { ai as aiText } from '../../locales/zh-CN/ai';
import styles from './landing-tool-list.module.css';

interface LandingToolListProps {
  variant: 'panel' | 'grid';
  onChoose: (tool: NavTool) => void;
}

export function LandingToolList({ variant, onChoose }: LandingToolListProps) {
  return (
    <ul className={variant === 'panel' ? styles.panel : styles.grid} role="menu" aria-label={aiText.nav.tools}>
      {NAV_TOOLS.map((tool) => (
        <li key={tool} role="none">
          <button type="button" role="menuitem" className={styles.item} onClick={() => onChoose(tool)}>
            <span className={styles.icon} data-tool={tool}>
              <ToolIcon tool={tool} />
            </span>
            <span className={styles.body}>
              <span className={styles.name}>
                {TOOL_LABELS[tool]}
                {COMING_SOON_TOOLS.includes(tool) && <span className={styles.soon}>{aiText.tools.comingSoon}</span>}
              </span>
              {variant === 'panel' && <span className={styles.summary}>{aiText.tools.items[tool].summary}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
