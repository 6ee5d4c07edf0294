/**
 * Personal information (/profile): avatar upload, nickname, masked phone, invite code, real-name and
 * contract status, share rates, my leader and commander code, points, and the way to the payee accounts and the
 * other profile pages.
 */
import { Button, Card, Input, Message, Tag, Typography } from '@arco-design/web-react';
import {
  IconApps,
  IconCheckCircleFill,
  IconEdit,
  IconExclamationCircleFill,
  IconFile,
  IconFire,
  IconRight,
  IconIdcard,
  IconSend,
  IconUserGroup,
} from '@arco-design/web-react/icon';
import { maskPhone, maskRealName, SignStatus, updateInfoRequestSchema, type UserInfo } from '@cc/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApplyBanner } from '../../components/apply-entry/apply-entry';
import { LoadError } from '../../components/load-error';
import { Loading } from '../../components/loading';
import { PageHeading } from '../../components/page-heading';
import { ApiError, isSuccess } from '../../lib/api-error';
import { openPointsModal } from '../../lib/credit/points-modal';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useUserInfo } from '../../lib/session/get-user-info';
import { text } from '../../locales/zh-CN';
import { profile as profileText } from '../../locales/zh-CN/profile';
import { useMyLeader } from './api/get-my-leader';
import { useUpdateUserInfo } from './api/update-user-info';
import { AvatarUploader } from './components/avatar-uploader';
import styles from './profile-page.module.css';

const t = profileText;

function NicknameEditor({ nickname, onDone }: { nickname: string; onDone: () => void }) {
  const [value, setValue] = useState(nickname);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUserInfo();

  async function save() {
    // The same rule the server applies, so the user learns of a bad nickname before the round trip.
    const parsed = updateInfoRequestSchema.safeParse({ nickname: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t.saveFailed);
      return;
    }
    const result = await update.mutateAsync(parsed.data);
    if (!isSuccess(result)) {
      Message.error(result.msg || t.saveFailed);
      return;
    }
    Message.success(t.saved);
    onDone();
  }

  return (
    <div className={styles.editor}>
      <div className={styles.editorRow}>
        <Input
          autoFocus
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          onPressEnter={() => void save()}
          placeholder={t.nicknamePlaceholder}
          status={error ? 'error' : undefined}
          className={styles.nicknameInput}
        />
        <Button type="primary" loading={update.isPending} onClick={() => void save()}>
          {text.common.save}
        </Button>
        <Button onClick={onDone}>{text.common.cancel}</Button>
      </div>
      {error && (
        <div className={styles.error} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * One label and value line of a card. `testId` marks the value for the tests: text beside its label has no role that
 * can carry that label as a name (ARIA prohibits naming a definition), so nothing else finds it.
 */
function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

function Status({ done, children }: { done: boolean; children: ReactNode }) {
  return (
    <span className={done ? styles.statusDone : styles.statusTodo}>
      {done ? <IconCheckCircleFill /> : <IconExclamationCircleFill />}
      {children}
    </span>
  );
}

function IdentityCard({ user }: { user: UserInfo }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card bordered={false} className={`${styles.card} ${styles.identityCard}`}>
      <AvatarUploader user={user} />
      <div className={styles.identityText}>
        {editing ? (
          <NicknameEditor nickname={user.nickname} onDone={() => setEditing(false)} />
        ) : (
          <div className={styles.nameLine}>
            <span className={styles.name}>{user.nickname || t.nicknameUnset}</span>
            <Button type="text" size="mini" icon={<IconEdit />} onClick={() => setEditing(true)}>
              {text.common.edit}
            </Button>
          </div>
        )}
        <div className={styles.meta}>{maskPhone(user.phone)}</div>
      </div>
    </Card>
  );
}

function AccountCard({ user }: { user: UserInfo }) {
  return (
    <Card bordered={false} className={styles.card} title={t.account.title}>
      <Row label={t.phone} testId="profile-phone">
        {maskPhone(user.phone)}
      </Row>
      <Row label={t.inviteCode} testId="profile-invite-code">
        <Typography.Text copyable={{ text: user.invite_code }} className={styles.code}>
          {user.invite_code}
        </Typography.Text>
      </Row>
      {user.commander_code && (
        <Row label={t.share.commanderCode} testId="profile-commander-code">
          <Typography.Text copyable={{ text: user.commander_code }} className={styles.code}>
            {user.commander_code}
          </Typography.Text>
        </Row>
      )}
      <Row label={t.points}>
        <span data-testid="profile-points">{user.creditInfo.total}</span>
        <Button type="text" size="mini" onClick={() => openPointsModal('detail')}>
          {t.pointsDetail}
        </Button>
        <Button type="text" size="mini" onClick={() => openPointsModal('list')}>
          {t.pointsBuy}
        </Button>
      </Row>
    </Card>
  );
}

function VerifyCard({ user }: { user: UserInfo }) {
  const v = t.verify;
  const verified = user.real_name.trim() !== '';
  const signed = user.sign_status === SignStatus.Signed;
  const signedOn = formatDateTime(user.signed_at, 'YYYY-MM-DD');
  return (
    <Card bordered={false} className={styles.card} title={v.title}>
      <Row label={v.realName} testId="profile-real-name">
        {verified ? (
          <Status done>
            {v.verified}
            <span className={styles.masked}>{maskRealName(user.real_name)}</span>
          </Status>
        ) : (
          <>
            <Status done={false}>{v.unverified}</Status>
            <Link to={paths.withdraw} className={styles.action}>
              {v.verifyNow}
            </Link>
          </>
        )}
      </Row>
      <Row label={v.contract} testId="profile-contract">
        {signed ? (
          <Status done>{signedOn ? v.signedOn(signedOn) : v.signed}</Status>
        ) : (
          <>
            <Status done={false}>{v.unsigned}</Status>
            <Link to={paths.withdraw} className={styles.action}>
              {v.signNow}
            </Link>
          </>
        )}
      </Row>
      <Row label={v.payee}>
        <Link to={paths.withdraw} className={styles.action}>
          {v.payeeManage}
          <IconRight />
        </Link>
      </Row>
      <p className={styles.cardHint}>{v.hint}</p>
    </Card>
  );
}

function ShareCard({ user }: { user: UserInfo }) {
  const s = t.share;
  const leader = useMyLeader();
  const teamShareRate = leader.data?.teamShareRate ?? user.team_share_rate;
  let leaderValue: ReactNode;
  if (leader.data) {
    leaderValue = leader.data.leader ? (
      <span className={styles.leader}>
        {leader.data.leader.nickname}
        <Tag size="small" className={styles.leaderCode}>
          {s.leaderCode(leader.data.leader.invite_code)}
        </Tag>
      </span>
    ) : (
      s.noLeader
    );
  } else if (leader.isError) {
    leaderValue = (
      <>
        <span className={styles.statusTodo}>{s.leaderFailed}</span>
        <Button type="text" size="mini" onClick={() => void leader.refetch()}>
          {s.retry}
        </Button>
      </>
    );
  } else {
    leaderValue = <span className={styles.pending}>…</span>;
  }
  return (
    <Card bordered={false} className={styles.card} title={s.title}>
      <Row label={s.shareRate} testId="profile-share-rate">
        {/* 0 means no personal rate: each task's own rate applies (as the settlement computes it). */}
        {user.share_rate > 0 ? (
          <span className={styles.rate}>{user.share_rate}%</span>
        ) : (
          <span className={styles.pending}>{s.shareRateByTask}</span>
        )}
      </Row>
      <Row label={s.teamShareRate} testId="profile-team-share-rate">
        <span className={styles.rate}>{teamShareRate}%</span>
      </Row>
      <Row label={s.leader} testId="profile-leader">
        {leaderValue}
      </Row>
    </Card>
  );
}

const LINKS = [
  { to: paths.withdraw, icon: <IconIdcard />, title: t.links.payee, desc: t.links.payeeDesc, id: 'payee' },
  { to: paths.myTask, icon: <IconFile />, title: t.links.myTask, desc: t.links.myTaskDesc, id: 'task' },
  { to: paths.team, icon: <IconUserGroup />, title: t.links.team, desc: t.links.teamDesc, id: 'team' },
  { to: paths.account, icon: <IconSend />, title: t.links.account, desc: t.links.accountDesc, id: 'account' },
  { to: paths.tool, icon: <IconApps />, title: t.links.tool, desc: t.links.toolDesc, id: 'tool' },
] as const;

/** The points are a modal, not a page: its entry opens it where the creator is. */
function PointsLink() {
  return (
    <button type="button" className={styles.link} onClick={() => openPointsModal('detail')}>
      <span className={styles.linkIcon}>
        <IconFire />
      </span>
      <span className={styles.linkText}>
        <span className={styles.linkTitle}>{t.links.points}</span>
        <span className={styles.linkDesc}>{t.links.pointsDesc}</span>
      </span>
      <IconRight className={styles.linkArrow} />
    </button>
  );
}

function LinksCard() {
  return (
    <Card bordered={false} className={`${styles.card} ${styles.wide}`} title={t.links.title}>
      <div className={styles.links}>
        {LINKS.map((link) => (
          <Link key={link.id} to={link.to} className={styles.link}>
            <span className={styles.linkIcon}>{link.icon}</span>
            <span className={styles.linkText}>
              <span className={styles.linkTitle}>{link.title}</span>
              <span className={styles.linkDesc}>{link.desc}</span>
            </span>
            <IconRight className={styles.linkArrow} />
          </Link>
        ))}
        <PointsLink />
      </div>
    </Card>
  );
}

export function ProfilePage() {
  const { data: user, isError, error, refetch, isFetching } = useUserInfo();
  let content: ReactNode;
  if (user) {
    content = (
      <div className={styles.layout}>
        <IdentityCard user={user} />
        <div className={styles.grid}>
          <AccountCard user={user} />
          <VerifyCard user={user} />
          <ShareCard user={user} />
          <LinksCard />
        </div>
      </div>
    );
  } else if (isError) {
    content = (
      <LoadError
        onRetry={() => void refetch()}
        message={error instanceof ApiError ? error.msg : undefined}
        retrying={isFetching}
      />
    );
  } else {
    content = <Loading />;
  }
  return (
    <>
      <PageHeading title={t.title} description={t.description} />
      <ApplyBanner />
      {content}
    </>
  );
}
