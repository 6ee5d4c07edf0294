/**
 * Seeds the demo catalogue through the services of the modules that own it (content, task, credit), as an
 * operator's import would. Idempotent: every item has a natural key and the services add only what is missing,
 * artwork is rewritten deterministically and videos are made only when missing, so a second run changes nothing.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListingStatus, TaskType, yuanToFen } from '@cc/contracts';
import QRCode from 'qrcode';
import { hasFfmpeg, runFfmpegProcess } from '../providers/media/ffmpeg-process.js';
import { probeVideo } from '../providers/media/probe.js';
import { bannerSvg, coverSvg, iconSvg, type Palette } from '../modules/content/cover-art.js';
import type { ContentService } from '../modules/content/content.service.js';
import type { PackageService } from '../modules/credit/package.service.js';
import type { MusicService } from '../modules/media/music.service.js';
import type { TaskService } from '../modules/task/task.service.js';
import {
  DEMO_APPS,
  DEMO_BANNERS,
  DEMO_MUSIC,
  DEMO_PACKAGES,
  DEMO_PROMOTION,
  DEMO_SERIALS,
  LONG_EPISODES,
  DEMO_TUTORIALS,
  HELP_TEMPLATES,
  PREVIEW_EPISODES,
  SUPPORT_POSTER,
  type DemoMusicTrack,
} from './demo-catalogue.js';
import { buildEpisodeArgs, buildMusicArgs, buildPosterArgs, buildTitleCardArgs, episodeScenes } from './demo-media.js';

const DAY = 24 * 60 * 60 * 1000;

/** The catalogue writes the seed makes, each through the service of the module that owns the table. */
export interface DemoSeedPorts {
  content: Pick<ContentService, 'ensureApp' | 'ensureBanner' | 'ensurePoster' | 'ensureHelpTemplate'>;
  tasks: Pick<TaskService, 'ensureSerial' | 'ensureTask' | 'ensureEpisode' | 'setEpisodeVideo'>;
  packages: Pick<PackageService, 'ensurePackage' | 'ensurePromotion'>;
  music: Pick<MusicService, 'ensureSeedTrack'>;
}

export interface SeedOptions {
  /** What the catalogue's dates are counted from (published so many days ago, the promotion's window). */
  now?: number;
  /** Make the demo videos with ffmpeg (skipped with a warning when ffmpeg is missing). */
  media?: boolean;
  log?: (message: string) => void;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Renders a title-card video and its poster under mediaDir unless both exist; returns duration and size. */
async function ensureTitleCard(
  mediaDir: string,
  relative: string,
  title: string,
  subtitle: string,
  palette: Palette,
  seconds: number,
  /** A long episode: action scenes over the title card, varied by this seed (see `buildEpisodeArgs`). */
  episodeSeed?: number,
): Promise<{ durationMs: number; size: number; poster: string }> {
  const output = path.join(mediaDir, relative);
  const posterRelative = relative.replace(/\.mp4$/, '.jpg');
  const poster = path.join(mediaDir, posterRelative);
  if (!(await exists(output)) || !(await exists(poster))) {
    await fs.mkdir(path.dirname(output), { recursive: true });
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-media-'));
    try {
      const titleFile = path.join(work, 'title.txt');
      const subtitleFile = path.join(work, 'subtitle.txt');
      await fs.writeFile(titleFile, title);
      await fs.writeFile(subtitleFile, subtitle);
      const partial = path.join(work, 'out.mp4');
      const card = { titleFile, subtitleFile, palette, seconds, width: 480, height: 270, toneHz: 440, output: partial };
      await runFfmpegProcess(
        episodeSeed === undefined
          ? buildTitleCardArgs(card)
          : buildEpisodeArgs({ ...card, seed: episodeSeed, scenes: episodeScenes(seconds, episodeSeed) }),
        { kind: 'render', mediaSeconds: seconds, composedFormats: ['lavfi'] },
      );
      await runFfmpegProcess(buildPosterArgs(partial, poster, 1, 320), { kind: 'poster', mediaSeconds: seconds });
      // Move into place last so an interrupted run never leaves a half-written video behind.
      await fs.copyFile(partial, output);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
  return {
    durationMs: Math.round((await probeVideo(output)).duration * 1000),
    size: (await fs.stat(output)).size,
    poster: posterRelative,
  };
}

/**
 * The demo's background music: each track rendered under mediaDir unless it is there (`demo/music/<key>.mp3`), then
 * added to the music library once (by its seed key; a track an operator deleted stays deleted).
 */
export function demoMusicJobs(
  music: DemoSeedPorts['music'],
  mediaDir: string,
  tracks: readonly DemoMusicTrack[] = DEMO_MUSIC,
): (() => Promise<void>)[] {
  return tracks.map((track) => async () => {
    const output = path.join(mediaDir, 'demo', 'music', `${track.key}.mp3`);
    if (!(await exists(output))) {
      await fs.mkdir(path.dirname(output), { recursive: true });
      const work = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-music-'));
      try {
        const partial = path.join(work, 'track.mp3');
        await runFfmpegProcess(buildMusicArgs({ ...track, output: partial }), {
          kind: 'render',
          mediaSeconds: track.seconds,
          composedFormats: ['lavfi'],
        });
        // Moved into place last so an interrupted run never leaves half a track behind.
        await fs.copyFile(partial, output);
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    }
    await music.ensureSeedTrack({ seedKey: `demo:${track.key}`, style: track.style, name: track.name, file: output });
  });
}

/** Runs `jobs` two at a time: the machines have two cores and ffmpeg starts quickly. */
async function inPairs(jobs: (() => Promise<void>)[]): Promise<void> {
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  };
  await Promise.all([worker(), worker()]);
}

async function writeMedia(mediaDir: string, relative: string, content: string): Promise<string> {
  const file = path.join(mediaDir, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
  return `/media/${relative}`;
}

export async function seedDemoData(
  services: DemoSeedPorts,
  mediaDir: string,
  options: SeedOptions = {},
): Promise<void> {
  const { content, tasks, packages } = services;
  const now = options.now ?? Date.now();
  const log = options.log ?? (() => undefined);
  let media = options.media ?? false;
  if (media && !(await hasFfmpeg())) {
    log('ffmpeg is not installed: the demo catalogue is seeded without videos (apt-get install ffmpeg)');
    media = false;
  }
  const mediaJobs: (() => Promise<void>)[] = [];

  const appIds = new Map<string, number>();
  for (const [index, app] of DEMO_APPS.entries()) {
    const icon = await writeMedia(mediaDir, `demo/icons/${app.key}.svg`, iconSvg(app.name, app.palette));
    const id = await content.ensureApp({
      name: app.name,
      icon_url: icon,
      platform: app.platform,
      landing_url: app.landing,
      deep_link_pattern: app.deepLink,
      sort: index,
      status: ListingStatus.On,
    });
    appIds.set(app.key, id);
  }

  for (const [serialIndex, serial] of DEMO_SERIALS.entries()) {
    const cover = await writeMedia(
      mediaDir,
      `demo/covers/${serial.key}.svg`,
      coverSvg(serial.name, serial.tags.join(' · '), serial.palette),
    );
    const serialId = await tasks.ensureSerial({
      task_type: serial.taskType,
      app_id: appIds.get(serial.app)!,
      name: serial.name,
      cover_url: cover,
      intro: serial.intro,
      tags: serial.tags,
      channel: serial.channel,
      episode_count: serial.episodes,
      publish_at: now - serial.daysAgo * DAY,
      total_income_fen: yuanToFen(serial.incomeYuan),
    });
    await tasks.ensureTask({
      serial_id: serialId,
      title: `${serial.name} 推广任务`,
      share_rate_bp: serial.shareRatePercent * 100,
      tutorial_video_url: `/media/${DEMO_TUTORIALS.video.path}`,
      tutorial_short_url: `/media/${DEMO_TUTORIALS.short.path}`,
      open_at: now - serial.daysAgo * DAY,
      close_at: null,
      status: ListingStatus.On,
    });

    const episodes = serial.taskType === TaskType.Playlet ? PREVIEW_EPISODES : 0;
    for (let number = 1; number <= episodes; number++) {
      await tasks.ensureEpisode({ serial_id: serialId, number, title: `第${number}集` });
      if (!media) continue;
      const long = LONG_EPISODES[serial.key]?.[number];
      // A long episode has its own file name, so a 6 s one cached by an earlier version is not taken for it.
      const relative = `demo/episodes/${serial.key}/${number}${long ? `-${long}s` : ''}.mp4`;
      mediaJobs.push(async () => {
        const card = long
          ? await ensureTitleCard(
              mediaDir,
              relative,
              serial.name,
              `第 ${number} 集`,
              serial.palette,
              long,
              serialIndex * 10 + number,
            )
          : await ensureTitleCard(mediaDir, relative, serial.name, `第 ${number} 集`, serial.palette, 6);
        await tasks.setEpisodeVideo(serialId, number, {
          media_path: relative,
          poster_path: card.poster,
          duration_ms: card.durationMs,
          size_bytes: card.size,
        });
      });
    }
  }

  if (media) {
    for (const tutorial of Object.values(DEMO_TUTORIALS)) {
      mediaJobs.push(async () => {
        await ensureTitleCard(mediaDir, tutorial.path, tutorial.title, tutorial.subtitle, tutorial.palette, 8);
      });
    }
    mediaJobs.push(...demoMusicJobs(services.music, mediaDir));
    log(`Rendering ${mediaJobs.length} demo videos and music tracks with ffmpeg (only those missing)`);
    await inPairs(mediaJobs);
  }

  for (const [index, banner] of DEMO_BANNERS.entries()) {
    const image = await writeMedia(
      mediaDir,
      `demo/banners/${banner.key}.svg`,
      bannerSvg(banner.headline, banner.subline, banner.palette),
    );
    await content.ensureBanner({
      platform: 1,
      title: banner.title,
      image_url: image,
      link_url: banner.link,
      sort: index,
      status: ListingStatus.On,
    });
  }

  const qr = await QRCode.toString(SUPPORT_POSTER.qrText, {
    type: 'svg',
    margin: 1,
    width: 240,
    color: { dark: '#1D2129', light: '#FFFFFF' },
  });
  await content.ensurePoster({
    title: SUPPORT_POSTER.title,
    image_url: await writeMedia(mediaDir, 'demo/support-qr.svg', qr),
    description: SUPPORT_POSTER.description,
    status: ListingStatus.On,
  });

  for (const pkg of DEMO_PACKAGES) {
    await packages.ensurePackage({
      id: pkg.id,
      name: pkg.name,
      type: pkg.type,
      status: ListingStatus.On,
      price_fen: yuanToFen(pkg.priceYuan),
      discount: pkg.discount,
      discount_price_fen: pkg.discountYuan === null ? null : yuanToFen(pkg.discountYuan),
      credit: pkg.credit,
      gift_credit: pkg.gift,
      start_at: null,
      end_at: null,
      description: pkg.description,
      sort: pkg.sort,
    });
  }
  await packages.ensurePromotion({
    title: DEMO_PROMOTION.title,
    start_at: now - DAY,
    end_at: now + DEMO_PROMOTION.days * DAY,
    status: ListingStatus.On,
  });

  for (const template of HELP_TEMPLATES) await content.ensureHelpTemplate(template);
}
