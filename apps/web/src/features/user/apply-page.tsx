/**
 * The creator onboarding application (/apply, login required): the form when there is no application (or the
 * creator re-applies after a rejection), otherwise the application's status.
 */
import { useState } from 'react';
import { Loading } from '../../components/loading';
import { PageHeading } from '../../components/page-heading';
import { QueryView } from '../../components/query-view';
import { paths } from '../../lib/paths';
import { text } from '../../locales/zh-CN';
import { useApplyStatus } from '../../lib/apply/get-apply-status';
import { ApplicationStatusCard } from './components/application-status';
import { ApplyForm } from './components/apply-form';
import styles from './apply-page.module.css';

function ApplyBody() {
  const status = useApplyStatus();
  const [reapplying, setReapplying] = useState(false);

  return (
    <QueryView query={status} loading={<Loading />}>
      {({ application }) =>
        !application || reapplying ? (
          <ApplyForm onSubmitted={() => setReapplying(false)} />
        ) : (
          <ApplicationStatusCard application={application} onReapply={() => setReapplying(true)} />
        )
      }
    </QueryView>
  );
}

export function ApplyPage() {
  return (
    <>
      <PageHeading
        title={text.user.applyTitle}
        description={text.user.applyDescription}
        back={{ to: paths.profile, label: text.common.backToProfile }}
      />
      <div className={styles.panel}>
        <ApplyBody />
      </div>
    </>
  );
}
