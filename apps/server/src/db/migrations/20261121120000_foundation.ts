/** Foundation: agents, sessions, SMS codes, and the content catalogue the shell and seed need. */
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const idType = pg ? 'bigint' : 'integer';

  await db.schema
    .createTable('agents')
    .addColumn('id', idType, id)
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('id_card_number', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('alipay_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('agent_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sign_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sign_phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_card_number', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('signed_at', bigint)
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('share_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leader_id', idType, (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('team_at', bigint)
    .addColumn('team_share_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('commander_code', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('open_reelshort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vendor', 'varchar(32)', (c) => c.notNull())
    .addColumn('channel_from', 'varchar(64)')
    .addColumn('source', 'integer')
    .addColumn('cq', 'varchar(512)')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agents_leader_id_idx').on('agents').column('leader_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', idType, id)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('agent_id', idType, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('vendor', 'varchar(32)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_seen_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('revoked_at', bigint)
    .execute();
  await db.schema.createIndex('sessions_agent_id_idx').on('sessions').column('agent_id').execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', idType, id)
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('vendor', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('consumed_at', bigint)
    .execute();
  await db.schema.createIndex('sms_codes_phone_created_idx').on('sms_codes').columns(['phone', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_ip_created_idx').on('sms_codes').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('apps')
    .addColumn('id', idType, id)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('icon_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
    .addColumn('landing_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('deep_link_pattern', 'varchar(512)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('serials')
    .addColumn('id', idType, id)
    .addColumn('task_type', 'integer', (c) => c.notNull())
    .addColumn('app_id', idType, (c) => c.notNull().references('apps.id'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('cover_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('episode_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_at', bigint, (c) => c.notNull())
    .addColumn('total_income_fen', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('serials_app_name_unique', ['app_id', 'name'])
    .execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', idType, id)
    .addColumn('task_type', 'integer', (c) => c.notNull())
    .addColumn('app_id', idType, (c) => c.notNull().references('apps.id'))
    .addColumn('serial_id', idType, (c) => c.notNull().references('serials.id'))
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('share_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('tutorial_video_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('tutorial_short_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('open_at', bigint, (c) => c.notNull())
    .addColumn('close_at', bigint)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('tasks_serial_unique', ['serial_id'])
    .execute();
  await db.schema.createIndex('tasks_type_app_idx').on('tasks').columns(['task_type', 'app_id']).execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', idType, id)
    .addColumn('platform', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('image_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('link_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posters')
    .addColumn('id', idType, id)
    .addColumn('title', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('image_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('description', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('templates')
    .addColumn('id', idType, id)
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'templates',
    'posters',
    'banners',
    'tasks',
    'serials',
    'apps',
    'sms_codes',
    'sessions',
    'agents',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
