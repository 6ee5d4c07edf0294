/** My tasks (/profile/task): the tasks the creator promoted; built by the task issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function MyTaskPage() {
  return <ComingSoonPage title={text.task.myTaskTitle} description={text.task.myTaskDescription} />;
}
