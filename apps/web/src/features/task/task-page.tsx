/** The task center (/task): promotion tasks to browse and receive; built by the task issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function TaskPage() {
  return <ComingSoonPage title={text.task.title} description={text.task.description} />;
}
