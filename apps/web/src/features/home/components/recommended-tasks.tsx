/** The home page's recommended tasks: the six with the highest total income, each with its '推广' button. */
import { Button } from '@arco-design/web-react';
import { IconRight } from '@arco-design/web-react/icon';
import { TaskType } from '@cc/contracts';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { TaskCard, TaskCardSkeleton } from '../../../components/task-card/task-card';
import { paths } from '../../../lib/paths';
import { useTaskPage } from '../../../lib/task/get-task-page';
import { text } from '../../../locales/zh-CN';
import styles from '../home-page.module.css';

const RECOMMENDED_COUNT = 6;

export function RecommendedTasks() {
  const navigate = useNavigate();
  const tasks = useTaskPage({
    task_type: TaskType.Playlet,
    sort: 'total_income',
    page_num: 1,
    page_size: RECOMMENDED_COUNT,
  });

  function renderCards() {
    if (tasks.isPending) {
      return Array.from({ length: RECOMMENDED_COUNT }, (_, index) => <TaskCardSkeleton key={index} />);
    }
    if (tasks.isError) return null;
    return tasks.data.data.map((task) => <TaskCard key={task.task_id} task={task} />);
  }

  return (
    <section>
      <header className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>{text.home.recommended.title}</h2>
        <Button type="text" size="small" onClick={() => void navigate(`${paths.task}?sort=total_income`)}>
          {text.home.recommended.more}
          <IconRight />
        </Button>
      </header>
      {tasks.isError ? (
        <LoadError retrying={tasks.isFetching} onRetry={() => void tasks.refetch()} />
      ) : (
        <div className={styles.taskGrid}>{renderCards()}</div>
      )}
    </section>
  );
}
