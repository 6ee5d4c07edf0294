/** Task detail (/task-detail?task_id&app_id&task_type); built by the task issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function TaskDetailPage() {
  return <ComingSoonPage title={text.task.detailTitle} description={text.task.detailDescription} />;
}
