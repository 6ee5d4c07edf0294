/**
 * Account filing (/profile/account): the creator's media channels as cards with their review status,
 * filtered by status and paged; filing in a modal; single and batch delete after a confirmation.
 */
import { Button, Checkbox, Message, Modal, Radio } from '@arco-design/web-react';
import { IconDelete, IconPlus, IconUserGroup } from '@arco-design/web-react/icon';
import { ErrorCode, ReportStatus, type Channel } from '@cc/contracts';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ListPager } from '../../components/list-pager';
import { QueryView } from '../../components/query-view';
import { PageHeading } from '../../components/page-heading';
import { isSuccess } from '../../lib/api-error';
import { paths } from '../../lib/paths';
import { useIsMobile } from '../../lib/use-is-mobile';
import { text } from '../../locales/zh-CN';
import { channel as channelText } from '../../locales/zh-CN/channel';
import { useAccountPage } from './api/get-account-page';
import { useDeleteAccounts } from './api/delete-accounts';
import styles from './channel-page.module.css';
import { ChannelCard } from './components/channel-card';
import { ChannelFormModal } from './components/channel-form-modal';

const t = channelText;
/** Divides into rows of 3 (desktop) and 2 (tablet) cards. */
const PAGE_SIZE = 12;
type Filter = 'all' | ReportStatus;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: t.filters.all },
  { value: ReportStatus.Pending, label: t.filters.pending },
  { value: ReportStatus.Approved, label: t.filters.approved },
  { value: ReportStatus.Rejected, label: t.filters.rejected },
];

export function ChannelPage() {
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<Filter>('all');
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Channel | null>(null);
  const query = useAccountPage({
    page_num: pageNum,
    page_size: PAGE_SIZE,
    ...(filter !== 'all' && { report_status: filter }),
  });
  const remove = useDeleteAccounts();

  const rows = query.data?.data ?? [];
  const total = query.data?.page.total_count ?? 0;
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  // An empty list carries its own call to action; a second button above it on a phone would only repeat it.
  const showsEmptyCta = query.isSuccess && filter === 'all' && rows.length === 0;

  function show(next: { filter?: Filter; page?: number }) {
    if (next.filter !== undefined) setFilter(next.filter);
    setPageNum(next.page ?? 1);
    setSelected(new Set());
  }

  function toggle(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function confirmDelete(targets: Channel[]) {
    if (targets.length === 0) return;
    Modal.confirm({
      title: t.deleteTitle,
      content: targets.length === 1 ? t.deleteOne(targets[0]!.channel_name) : t.deleteMany(targets.length),
      okText: t.deleteConfirm,
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        const result = await remove.mutateAsync(targets.map((target) => target.id));
        if (isSuccess(result)) {
          Message.success(t.deleted);
          // The last card of a page gone: step back a page rather than show an empty one.
          const emptied = targets.length >= rows.length && pageNum > 1;
          show({ page: emptied ? pageNum - 1 : pageNum });
        } else if (result.code !== ErrorCode.unauthorized) {
          Message.error(result.msg || t.deleteFailed);
        }
      },
    });
  }

  const addButton = (
    <Button
      type="primary"
      icon={<IconPlus />}
      onClick={() => {
        setEditing(null);
        setFormOpen(true);
      }}
    >
      {t.add}
    </Button>
  );

  function body() {
    return <QueryView query={query}>{() => loaded()}</QueryView>;
  }

  function loaded() {
    if (rows.length === 0) {
      return filter === 'all' ? (
        <EmptyState icon={<IconUserGroup />} description={t.empty} hint={t.emptyHint} action={addButton} />
      ) : (
        <EmptyState icon={<IconUserGroup />} description={t.emptyFiltered} hint={t.emptyFilteredHint} />
      );
    }
    return (
      <>
        <div className={styles.grid}>
          {rows.map((row) => (
            <ChannelCard
              key={row.id}
              channel={row}
              selected={selected.has(row.id)}
              onSelect={(on) => toggle(row.id, on)}
              onDelete={() => confirmDelete([row])}
              onEdit={() => {
                setEditing(row);
                setFormOpen(true);
              }}
            />
          ))}
        </div>
        <ListPager
          className={styles.pager}
          current={pageNum}
          total={total}
          pageSize={PAGE_SIZE}
          simple={isMobile}
          onChange={(page) => show({ page })}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading
        title={t.title}
        description={t.description}
        extra={isMobile ? undefined : addButton}
        back={{ to: paths.profile, label: text.common.backToProfile }}
      />
      <section className={styles.panel}>
        <div className={styles.toolbar}>
          <Radio.Group
            type="button"
            value={filter}
            onChange={(value: Filter) => show({ filter: value })}
            options={FILTERS}
            aria-label={t.filterLabel}
            size={isMobile ? 'small' : 'default'}
          />
          {isMobile && !showsEmptyCta && (
            <Button type="primary" long icon={<IconPlus />} onClick={() => setFormOpen(true)}>
              {t.add}
            </Button>
          )}
        </div>
        {rows.length > 0 && (
          <div className={styles.selection}>
            <Checkbox
              checked={allSelected}
              indeterminate={!allSelected && selected.size > 0}
              onChange={(on: boolean) => setSelected(on ? new Set(rows.map((row) => row.id)) : new Set())}
            >
              {selected.size > 0 ? t.selected(selected.size) : t.selectAll}
            </Checkbox>
            <span className={styles.total}>{t.total(total)}</span>
            {selected.size > 0 && (
              <Button
                size="small"
                status="danger"
                icon={<IconDelete />}
                onClick={() => confirmDelete(rows.filter((row) => selected.has(row.id)))}
              >
                {t.batchDelete}
              </Button>
            )}
          </div>
        )}
        {body()}
      </section>
      <ChannelFormModal visible={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
    </div>
  );
}
