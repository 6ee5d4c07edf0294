/**
 * The creator onboarding application (/apply, login required): the form when there is no application (or the
 * creator re-applies after a rejection), otherwise the application's status.
 */
import { useState } from 'react';
import { Loading } from '../../components/loading';
import { LoadError } from '../../components/load-error';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../lib/paths';
import { ApiError } from '../../lib/api-error';
import { text } from '../../locales/zh-CN';
import { useApplyStatus } from '../../lib/apply/get-apply-status';
import { ApplicationStatusCard } from './components/application-status';
import { ApplyForm } from './components/apply-form';
import styles from './apply-page.module.css';

function ApplyBody() {
  const status = useApplyStatus();
  const [reapplying, setReapplying] = useState(false);

  if (status.isPending) return <Loading />;
  if (status.isError) {
    return (
      <LoadError
        message={status.error instanceof ApiError ? status.error.msg : undefined}
        retrying={status.isFetching}
        onRetry={() => void status.refetch()}
      />
    );
  }
  const { application } = status.data;
  if (!application || reapplying) return <ApplyForm onSubmitted={() => setReapplying(false)} />;
  return <ApplicationStatusCard application={application} onReapply={() => setReapplying(true)} />;
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
