/** Personal information (/profile): avatar, nickname (editable), masked phone, invite code and points balance. */
import { Button, Card, Descriptions, Input, Message, Typography } from '@arco-design/web-react';
import { IconEdit } from '@arco-design/web-react/icon';
import { maskPhone, updateInfoRequestSchema, type UserInfo } from '@cc/contracts';
import { useState } from 'react';
import { ApplyBanner } from '../../components/apply-entry/apply-entry';
import { Loading } from '../../components/loading';
import { PageHeading } from '../../components/page-heading';
import { UserAvatar } from '../../components/user-avatar';
import { isSuccess } from '../../lib/api-error';
import { useUserInfo } from '../../lib/session/get-user-info';
import { text } from '../../locales/zh-CN';
import { useUpdateUserInfo } from './api/update-user-info';
import styles from './profile-page.module.css';

function NicknameEditor({ nickname, onDone }: { nickname: string; onDone: () => void }) {
  const [value, setValue] = useState(nickname);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUserInfo();

  async function save() {
    // The same rule the server applies, so the user learns of a bad nickname before the round trip.
    const parsed = updateInfoRequestSchema.safeParse({ nickname: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? text.profile.saveFailed);
      return;
    }
    const result = await update.mutateAsync(parsed.data);
    if (!isSuccess(result)) {
      Message.error(result.msg || text.profile.saveFailed);
      return;
    }
    Message.success(text.profile.saved);
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
          placeholder={text.profile.nicknamePlaceholder}
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

function ProfileCard({ user }: { user: UserInfo }) {
  const [editing, setEditing] = useState(false);
  const nickname = editing ? (
    <NicknameEditor nickname={user.nickname} onDone={() => setEditing(false)} />
  ) : (
    <span className={styles.nickname}>
      {user.nickname || text.profile.nicknameUnset}
      <Button type="text" size="mini" icon={<IconEdit />} onClick={() => setEditing(true)}>
        {text.common.edit}
      </Button>
    </span>
  );

  return (
    <Card bordered={false} className={styles.card}>
      <div className={styles.identity}>
        <UserAvatar user={user} size={64} />
        <div className={styles.identityText}>
          <div className={styles.name}>{user.nickname || text.profile.nicknameUnset}</div>
          <div className={styles.phone}>{maskPhone(user.phone)}</div>
        </div>
      </div>
      <Descriptions
        column={1}
        labelStyle={{ width: 112 }}
        data={[
          { label: text.profile.nickname, value: nickname },
          { label: text.profile.phone, value: maskPhone(user.phone) },
          {
            label: text.profile.inviteCode,
            value: <Typography.Text copyable>{user.invite_code}</Typography.Text>,
          },
          { label: text.profile.points, value: user.creditInfo.total },
        ]}
      />
    </Card>
  );
}

export function ProfilePage() {
  const { data: user } = useUserInfo();
  return (
    <>
      <PageHeading title={text.profile.title} description={text.profile.description} />
      <ApplyBanner />
      {user ? <ProfileCard user={user} /> : <Loading />}
    </>
  );
}
