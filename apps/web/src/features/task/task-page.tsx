/**
 * The task center (/task): 短剧 / 小说 tabs, an app filter, keyword search and sort over a grid of task cards,
 * twelve to a page, each with its '推广' button.
 */
import { Button, Input, Select } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { TASK_SORT_LABELS, TASK_SORTS, TASK_TYPE_LABELS, TaskType, type TaskSort } from '@cc/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { ApplyBanner } from '../../components/apply-entry/apply-entry';
import { HeaderTabs } from '../../components/arco-a11y/header-tabs';
import { EmptyState } from '../../components/empty-state';
import { ListPager } from '../../components/list-pager';
import { PageHeading } from '../../components/page-heading';
import { QueryView } from '../../components/query-view';
import { TaskCard, TaskCardSkeleton } from '../../components/task-card/task-card';
import { useTaskPage } from '../../lib/task/get-task-page';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useIsMobile } from '../../lib/use-is-mobile';
import { text } from '../../locales/zh-CN';
import { useTaskApps } from './api/get-task-apps';
import { AppFilter } from './components/app-filter';
import { TASK_PAGE_SIZE, taskPageParams, useTaskFilters } from './components/use-task-filters';
import styles from './task-page.module.css';

const TASK_TYPES = [TaskType.Playlet, TaskType.Novel] as const;
/** The cards of the first screen, on a phone or a desktop: their covers are the page's largest paint. */
const FIRST_SCREEN_CARDS = 4;
/** The list follows the search box once typing pauses this long: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 400;

function SearchBox({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const [draft, setDraft] = useState(keyword);
  const [shownKeyword, setShownKeyword] = useState(keyword);
  // The keyword changed elsewhere (the empty list's reset, the address): the box shows it.
  if (keyword !== shownKeyword) {
    setShownKeyword(keyword);
    if (keyword !== draft.trim()) setDraft(keyword);
  }
  const typed = draft.trim();
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    // Only a draft that has settled searches: a keyword reset elsewhere is not undone by the box's older draft.
    if (settled === typed && settled !== keyword) onSearch(settled);
  }, [settled, typed, keyword, onSearch]);
  return (
    <Input.Search
      className={styles.search}
      allowClear
      value={draft}
      maxLength={50}
      placeholder={text.task.searchPlaceholder}
      onChange={(value) => {
        setDraft(value);
        if (!value) onSearch('');
      }}
      onSearch={(value) => onSearch(value.trim())}
    />
  );
}

function TaskGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

export function TaskPage() {
  const isMobile = useIsMobile();
  const { filters, update } = useTaskFilters();
  const apps = useTaskApps(filters.taskType);
  const tasks = useTaskPage(taskPageParams(filters));

  function renderList() {
    const skeleton = (
      <TaskGrid>
        {Array.from({ length: TASK_PAGE_SIZE }, (_, index) => (
          <TaskCardSkeleton key={index} />
        ))}
      </TaskGrid>
    );
    return (
      <QueryView query={tasks} loading={skeleton}>
        {renderTasks}
      </QueryView>
    );
  }

  function renderTasks({ data, page }: NonNullable<typeof tasks.data>) {
    if (data.length === 0) {
      const filtered = filters.keyword !== '' || filters.appId !== undefined;
      return (
        <EmptyState
          description={text.task.empty}
          hint={text.task.emptyHint}
          icon={<IconSearch />}
          action={
            filtered && (
              <Button onClick={() => update({ keyword: '', appId: undefined })}>{text.task.emptyReset}</Button>
            )
          }
        />
      );
    }
    return (
      <>
        <TaskGrid>
          {data.map((task, index) => (
            <TaskCard key={task.task_id} task={task} priority={index < FIRST_SCREEN_CARDS} />
          ))}
        </TaskGrid>
        <ListPager
          className={styles.pager}
          page={page}
          pageSize={TASK_PAGE_SIZE}
          simple={isMobile}
          onChange={(pageNum) => {
            update({ page: pageNum });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeading title={text.task.title} description={isMobile ? undefined : text.task.description} />
      <ApplyBanner />
      <section className={styles.panel}>
        <HeaderTabs
          label={text.task.my.typeFilter}
          activeTab={String(filters.taskType)}
          onChange={(key) => update({ taskType: Number(key) as TaskType, appId: undefined })}
          className={styles.tabs}
        >
          {TASK_TYPES.map((type) => (
            <HeaderTabs.TabPane key={String(type)} title={TASK_TYPE_LABELS[type]} />
          ))}
        </HeaderTabs>
        <AppFilter
          apps={apps.data}
          loading={apps.isPending}
          value={filters.appId}
          onChange={(appId) => update({ appId })}
        />
        <div className={styles.toolbar}>
          <SearchBox keyword={filters.keyword} onSearch={(keyword) => update({ keyword })} />
          <Select
            className={styles.sort}
            value={filters.sort}
            placeholder={text.task.sortPlaceholder}
            onChange={(sort: TaskSort) => update({ sort })}
            options={TASK_SORTS.map((sort) => ({ value: sort, label: TASK_SORT_LABELS[sort] }))}
          />
        </div>
      </section>
      {renderList()}
    </>
  );
}
