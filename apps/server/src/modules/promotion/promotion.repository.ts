/** SQL for promotion: task receipts (an agent's code for a task), clicks on short links, and task figures. */
import type { TaskType } from '@cc/contracts';
import { CompiledQuery, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Db, DialectKind } from '../../db/database.js';
import { precompile, precompileByShape } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import { activateReceipt, addTaskFigures } from './task-figures.js';

type Trx = Transaction<Database>;

export interface NewClick {
  receipt_id: number;
  visitor_hash: string;
  ip_hash: string;
  referrer: string;
  counted: number;
  created_at: number;
}

/** Rows per visit insert: 6 parameters a row, well inside SQLite's limit of 32 766 per statement. */
const CLICK_CHUNK = 500;
const clickSql = new Map<string, string>();
/** The insert of `rows` visits, with the placeholders of the dialect (`$n` on PostgreSQL, `?` on SQLite). */
function insertClicksSql(rows: number, numbered: boolean): string {
  const key = `${numbered}:${rows}`;
  let text = clickSql.get(key);
  if (!text) {
    const row = (r: number) =>
      `(${Array.from({ length: 6 }, (_, c) => (numbered ? `$${r * 6 + c + 1}` : '?')).join(', ')})`;
    const values = Array.from({ length: rows }, (_, r) => row(r)).join(', ');
    text = `insert into promotion_clicks (receipt_id, visitor_hash, ip_hash, referrer, counted, created_at) values ${values}`;
    if (clickSql.size < 100) clickSql.set(key, text);
  }
  return text;
}

export class PromotionRepository {
  /** Where a short link leads: asked on every visit the link cache misses, compiled once. */
  private readonly linkTargetQuery;
  /** The "my tasks" page, compiled once per filter (`precompileByShape`). */
  private readonly myTaskCountQuery;
  private readonly myTaskPageQuery;

  constructor(
    private readonly db: Db,
    kind: DialectKind,
  ) {
    type MyTaskArgs = { agentId: number; taskType?: TaskType | undefined };
    this.myTaskCountQuery = precompileByShape(db, (args: MyTaskArgs) =>
      db
        .selectFrom('agent_task_figures')
        .select(sql<number>`coalesce(sum(active_tasks), 0)`.as('n'))
        .where('agent_id', '=', args.agentId)
        .$if(args.taskType !== undefined, (qb) => qb.where('task_type', '=', args.taskType!)),
    );
    this.myTaskPageQuery = precompileByShape(db, (args: MyTaskArgs & { limit: number; offset: number }) => {
      const columns = [
        'r.id as atr_id',
        'r.task_id',
        'r.code',
        'r.click_count',
        'r.actived_at',
        'tasks.task_type',
        'tasks.app_id',
        'tasks.title',
        'serials.name as serial_name',
        'serials.cover_url as cover',
        'apps.name as app_name',
        'apps.icon_url as app_icon',
        'r.order_count',
        'r.order_fen',
        'r.ad_fen',
        'r.share_fen',
      ] as const;
      if (kind === 'sqlite') {
        return db
          .selectFrom('task_receipts as r')
          .innerJoin('tasks', 'tasks.id', 'r.task_id')
          .innerJoin('serials', 'serials.id', 'tasks.serial_id')
          .innerJoin('apps', 'apps.id', 'tasks.app_id')
          .where('r.agent_id', '=', args.agentId)
          .where('r.actived_at', 'is not', null)
          .$if(args.taskType !== undefined, (qb) => qb.where('tasks.task_type', '=', args.taskType!))
          .select(columns)
          .orderBy('r.actived_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(args.limit)
          .offset(args.offset);
      }
      // PostgreSQL plans a page query with joins again on every call (its limit and offset are parameters, so a
      // generic plan never wins), and planning the four tables cost three times running them. The page of receipts
      // alone, joined to its names afterwards, gets a generic plan after a few calls and runs on ten rows.
      const page = db
        .selectFrom('task_receipts as r')
        .selectAll('r')
        .where('r.agent_id', '=', args.agentId)
        .where('r.actived_at', 'is not', null)
        .$if(args.taskType !== undefined, (qb) =>
          qb.where('r.task_id', 'in', (eb) =>
            eb.selectFrom('tasks').select('tasks.id').where('tasks.task_type', '=', args.taskType!),
          ),
        )
        .orderBy('r.actived_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(args.limit)
        .offset(args.offset)
        .as('r');
      return db
        .selectFrom(page)
        .innerJoin('tasks', 'tasks.id', 'r.task_id')
        .innerJoin('serials', 'serials.id', 'tasks.serial_id')
        .innerJoin('apps', 'apps.id', 'tasks.app_id')
        .select(columns)
        .orderBy('r.actived_at', 'desc')
        .orderBy('r.id', 'desc');
    });
    this.linkTargetQuery = precompile(db, (args: { code: string }) =>
      db
        .selectFrom('task_receipts')
        .innerJoin('tasks', 'tasks.id', 'task_receipts.task_id')
        .innerJoin('apps', 'apps.id', 'tasks.app_id')
        .select(['task_receipts.id as receipt_id', 'tasks.serial_id', 'apps.landing_url'])
        .where('task_receipts.code', '=', args.code),
    );
  }

  receiptFor(agentId: number, taskId: number) {
    return this.db
      .selectFrom('task_receipts')
      .select(['id', 'code', 'actived_at'])
      .where('agent_id', '=', agentId)
      .where('task_id', '=', taskId)
      .executeTakeFirst();
  }

  /** Inserts unless the agent already holds the task or the code is taken; says whether it inserted. */
  async insertReceipt(row: { agent_id: number; task_id: number; code: string; created_at: number }): Promise<boolean> {
    const result = await this.db
      .insertInto('task_receipts')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Activates the receipt once; the first activation adds it, with what it gathered so far, to the creator's figures. */
  async activate(agentId: number, receiptId: number, now: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      await activateReceipt(trx, receiptId, now, agentId);
      const row = await trx
        .selectFrom('task_receipts')
        .select('actived_at')
        .where('id', '=', receiptId)
        .where('agent_id', '=', agentId)
        .executeTakeFirst();
      return row?.actived_at ?? null;
    });
  }

  /** The receipt of a promotion code, when its task belongs to `appId`, with what an order's shares need. */
  receiptOfApp(appId: number, code: string) {
    return this.db
      .selectFrom('task_receipts')
      .innerJoin('tasks', 'tasks.id', 'task_receipts.task_id')
      .select([
        'task_receipts.id as receipt_id',
        'task_receipts.agent_id',
        'tasks.id as task_id',
        'tasks.serial_id',
        'tasks.app_id',
        'tasks.share_rate_bp as task_share_rate_bp',
      ])
      .where('task_receipts.code', '=', code)
      .where('tasks.app_id', '=', appId)
      .executeTakeFirst();
  }

  /** What a short link needs: the receipt and where its app lands. */
  linkTarget(code: string) {
    return this.linkTargetQuery.first({ code });
  }

  /** The latest counted visit after `since` of each of these visitors of one link. */
  lastCountedOfVisitors(trx: Trx, receiptId: number, visitorHashes: string[], since: number) {
    return trx
      .selectFrom('promotion_clicks')
      .select((eb) => ['visitor_hash', eb.fn.max<number>('created_at').as('last')])
      .where('receipt_id', '=', receiptId)
      .where('visitor_hash', 'in', visitorHashes)
      .where('counted', '=', 1)
      .where('created_at', '>', since)
      .groupBy('visitor_hash')
      .execute();
  }

  /** The times of the counted visits after `since` from each of these IPs to one link. */
  countedTimesOfIps(trx: Trx, receiptId: number, ipHashes: string[], since: number) {
    return trx
      .selectFrom('promotion_clicks')
      .select(['ip_hash', 'created_at'])
      .where('receipt_id', '=', receiptId)
      .where('ip_hash', 'in', ipHashes)
      .where('counted', '=', 1)
      .where('created_at', '>', since)
      .execute();
  }

  /**
   * Writes a batch of visits, 500 rows a statement. The SQL of a full chunk is always the same text, so the statement
   * is prepared once (building it through the query builder cost more than running it).
   */
  async insertClicks(trx: Trx, rows: NewClick[]): Promise<void> {
    for (let start = 0; start < rows.length; start += CLICK_CHUNK) {
      const chunk = rows.slice(start, start + CLICK_CHUNK);
      const parameters: unknown[] = [];
      for (const row of chunk) {
        parameters.push(row.receipt_id, row.visitor_hash, row.ip_hash, row.referrer, row.counted, row.created_at);
      }
      const numbered = trx.getExecutor().adapter instanceof PostgresAdapter;
      await trx.executeQuery(CompiledQuery.raw(insertClicksSql(chunk.length, numbered), parameters));
    }
  }

  async addClickCount(trx: Trx, receiptId: number, counted: number): Promise<void> {
    const receipt = await trx
      .updateTable('task_receipts')
      .set((eb) => ({ click_count: eb('click_count', '+', counted) }))
      .where('id', '=', receiptId)
      .returning(['agent_id', 'task_id', 'actived_at'])
      .executeTakeFirst();
    if (receipt && receipt.actived_at !== null) await addTaskFigures(trx, receipt, { click_count: counted });
  }

  /**
   * A page of the agent's active tasks, newest activation first, and how many there are (from the figures kept per
   * task type, not a count of every active receipt). Their order figures are kept on the receipt as the shares are
   * written (the agent's own share, type 1: recharges count as orders, refunds subtract from the amounts;
   * `PromotionService.recordShares`), so reading them costs the same however many orders a task brought.
   */
  async myTasks(agentId: number, taskType: TaskType | undefined, limit: number, offset: number) {
    const [total, rows] = await Promise.all([
      this.myTaskCountQuery.first({ agentId, taskType }),
      this.myTaskPageQuery.rows({ agentId, taskType, limit, offset }),
    ]);
    return { rows, total: Number(total!.n) };
  }

  /** The creator's figures over their active tasks, as kept (`task-figures.ts`). */
  async overview(agentId: number) {
    return this.db
      .selectFrom('agent_task_figures')
      .select([
        sql<number>`coalesce(sum(active_tasks), 0)`.as('task_count'),
        sql<number>`coalesce(sum(click_count), 0)`.as('click_count'),
        sql<number>`coalesce(sum(order_count), 0)`.as('order_count'),
        sql<number>`coalesce(sum(share_fen), 0)`.as('share_fen'),
      ])
      .where('agent_id', '=', agentId)
      .executeTakeFirstOrThrow();
  }
}
