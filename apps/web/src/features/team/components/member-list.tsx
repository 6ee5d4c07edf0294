/**
 * My team members (`/team/page`): search by nickname or invite code, a table on desktop and
 * cards on a phone, paging, and an empty state that hands over the invite link.
 */
import { Input, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconSearch, IconUserGroup } from '@arco-design/web-react/icon';
import type { Paged, TeamMember } from '@cc/contracts';
import { useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { UserAvatar } from '../../../components/user-avatar';
import { fillText } from '../../../lib/fill-text';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { team as teamText } from '../../../locales/zh-CN/team';
import { useTeamPage } from '../api/get-team-page';
import styles from '../team-page.module.css';
import { CopyButton } from './copy-button';
import { QueryView } from '../../../components/query-view';
import { ListPager } from '../../../components/list-pager';

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;
const t = teamText.members;

function Member({ row }: { row: TeamMember }) {
  return (
    <div className={styles.member}>
      <UserAvatar user={{ nickname: row.nickname, avatar_url: '' }} size={36} />
      <div className={styles.memberText}>
        <div className={styles.memberName}>{row.nickname}</div>
        <div className={styles.muted}>{row.phone}</div>
      </div>
    </div>
  );
}

const joinedAt = (row: TeamMember) => formatDateTime(row.team_at ?? row.created_at);

const columns: TableColumnProps<TeamMember>[] = [
  { title: t.columns.member, dataIndex: 'nickname', render: (_, row) => <Member row={row} /> },
  {
    title: t.columns.inviteCode,
    dataIndex: 'invite_code',
    render: (code: string) => <span className={styles.mono}>{code}</span>,
  },
  { title: t.columns.joinedAt, dataIndex: 'team_at', width: 170, render: (_, row) => joinedAt(row) },
  { title: t.columns.totalIncome, dataIndex: 'total_income', align: 'right', render: formatYuan },
  {
    title: t.columns.leaderShare,
    dataIndex: 'leader_share',
    align: 'right',
    render: (amount: string) => <span className={styles.share}>{formatYuan(amount)}</span>,
  },
];

function MemberCards({ rows }: { rows: TeamMember[] }) {
  return (
    <ul className={styles.cards}>
      {rows.map((row) => (
        <li key={row.invite_code} className={styles.card}>
          <div className={styles.cardTop}>
            <Member row={row} />
            <span className={styles.mono}>{row.invite_code}</span>
          </div>
          <dl className={styles.cardFigures}>
            <div>
              <dt>{t.cardIncome}</dt>
              <dd>{formatYuan(row.total_income)}</dd>
            </div>
            <div>
              <dt>{t.cardLeaderShare}</dt>
              <dd className={styles.share}>{formatYuan(row.leader_share)}</dd>
            </div>
          </dl>
          <div className={styles.muted}>{fillText(t.joinedAt, { date: joinedAt(row) })}</div>
        </li>
      ))}
    </ul>
  );
}

export function MemberList({ inviteLink }: { inviteLink: string }) {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const keyword = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const members = useTeamPage({ page_num: page, page_size: PAGE_SIZE, ...(keyword && { keyword }) });
  const titleId = useId();

  function renderMembers({ data, page: pageInfo }: Paged<TeamMember>) {
    if (data.length === 0) {
      return keyword ? (
        <EmptyState description={t.noMatch} hint={t.noMatchHint} icon={<IconSearch />} />
      ) : (
        <EmptyState
          description={t.empty}
          hint=""
          icon={<IconUserGroup />}
          action={<CopyButton value={inviteLink} label={t.copyLink} done={teamText.invite.copied} type="primary" />}
        />
      );
    }
    return (
      <>
        {isMobile ? (
          <MemberCards rows={data} />
        ) : (
          <Table<TeamMember>
            className={styles.table}
            rowKey="invite_code"
            columns={columns}
            data={data}
            pagination={false}
            border={false}
            scroll={{ x: 760 }}
          />
        )}
        <ListPager page={pageInfo} pageSize={PAGE_SIZE} simple={isMobile} onChange={setPage} />
      </>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <header className={styles.panelHeader}>
        <h2 className={styles.panelTitle} id={titleId}>
          {t.title}
        </h2>
        <Input
          allowClear
          className={styles.search}
          prefix={<IconSearch />}
          placeholder={t.searchPlaceholder}
          value={search}
          maxLength={20}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </header>
      <QueryView query={members}>{renderMembers}</QueryView>
    </section>
  );
}
