/**
 * Seeds the demo catalogue. Idempotent: every row has a natural key, inserts skip what exists, and artwork is
 * rewritten deterministically, so running it on every start changes nothing the second time.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import type { Db } from '../../db/database.js';
import { bannerSvg, coverSvg, iconSvg } from './cover-art.js';
import { DEMO_APPS, DEMO_BANNERS, DEMO_SERIALS, HELP_TEMPLATES, SUPPORT_POSTER } from './demo-catalogue.js';

const DAY = 24 * 60 * 60 * 1000;

async function writeMedia(mediaDir: string, relative: string, content: string): Promise<string> {
  const file = path.join(mediaDir, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
  return `/media/${relative}`;
}

export async function seedDemoData(db: Db, mediaDir: string, now: number = Date.now()): Promise<void> {
  const appIds = new Map<string, number>();
  for (const [index, app] of DEMO_APPS.entries()) {
    const icon = await writeMedia(mediaDir, `demo/icons/${app.key}.svg`, iconSvg(app.name, app.palette));
    await db
      .insertInto('apps')
      .values({
        name: app.name,
        icon_url: icon,
        platform: app.platform,
        landing_url: app.landing,
        deep_link_pattern: app.deepLink,
        sort: index,
        status: 1,
        created_at: now,
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('apps').select('id').where('name', '=', app.name).executeTakeFirstOrThrow();
    appIds.set(app.key, row.id);
  }

  for (const serial of DEMO_SERIALS) {
    const appId = appIds.get(serial.app)!;
    const cover = await writeMedia(
      mediaDir,
      `demo/covers/${serial.key}.svg`,
      coverSvg(serial.name, serial.tags.join(' · '), serial.palette),
    );
    await db
      .insertInto('serials')
      .values({
        task_type: serial.taskType,
        app_id: appId,
        name: serial.name,
        cover_url: cover,
        intro: serial.intro,
        tags: serial.tags.join(','),
        channel: serial.channel,
        episode_count: serial.episodes,
        publish_at: now - serial.daysAgo * DAY,
        total_income_fen: serial.incomeYuan * 100,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['app_id', 'name']).doNothing())
      .execute();
    const row = await db
      .selectFrom('serials')
      .select('id')
      .where('app_id', '=', appId)
      .where('name', '=', serial.name)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('tasks')
      .values({
        task_type: serial.taskType,
        app_id: appId,
        serial_id: row.id,
        title: `${serial.name} 推广任务`,
        share_rate_bp: serial.shareRatePercent * 100,
        tutorial_video_url: '/media/demo/tutorials/long.mp4',
        tutorial_short_url: '/media/demo/tutorials/short.mp4',
        open_at: now - serial.daysAgo * DAY,
        close_at: null,
        status: 1,
        created_at: now,
      })
      .onConflict((oc) => oc.column('serial_id').doNothing())
      .execute();
  }

  for (const [index, banner] of DEMO_BANNERS.entries()) {
    const image = await writeMedia(
      mediaDir,
      `demo/banners/${banner.key}.svg`,
      bannerSvg(banner.headline, banner.subline, banner.palette),
    );
    await db
      .insertInto('banners')
      .values({
        platform: 1,
        title: banner.title,
        image_url: image,
        link_url: banner.link,
        sort: index,
        status: 1,
        created_at: now,
      })
      .onConflict((oc) => oc.column('title').doNothing())
      .execute();
  }

  const qr = await QRCode.toString(SUPPORT_POSTER.qrText, {
    type: 'svg',
    margin: 1,
    width: 240,
    color: { dark: '#1D2129', light: '#FFFFFF' },
  });
  const qrUrl = await writeMedia(mediaDir, 'demo/support-qr.svg', qr);
  await db
    .insertInto('posters')
    .values({
      title: SUPPORT_POSTER.title,
      image_url: qrUrl,
      description: SUPPORT_POSTER.description,
      status: 1,
      created_at: now,
    })
    .onConflict((oc) => oc.column('title').doNothing())
    .execute();

  for (const template of HELP_TEMPLATES) {
    await db
      .insertInto('templates')
      .values({ slug: template.slug, title: template.title, content: template.content, updated_at: now })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
}
