/** The creator onboarding application (/apply); built by the apply issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function ApplyPage() {
  return <ComingSoonPage title={text.user.applyTitle} description={text.user.applyDescription} />;
}
